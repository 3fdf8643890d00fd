"""What every client shares, whatever the description says: its options, checked when it is made;
how a call is prepared (URL, headers, body) before anything is sent; how it is sent, within one
deadline, following redirects within the base URL's origin only, retrying what may be retried, and
reading no more of a body than the bound; and what its answer becomes. The generated ``Client`` and
``AsyncClient`` are one thin method per operation over ``_call``."""

from __future__ import annotations

import copy
import json
import math
import os
import ssl
import sys
import time
import uuid
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType, TracebackType
from typing import TYPE_CHECKING, Any, Generic, NoReturn, TypeVar, cast
from urllib.parse import urlsplit

import anyio
import httpcore
import httpx

from . import _decode, _log, _wire
from ._kinds import kind_of
from ._spec import (
    DEFAULT_MAX_RESPONSE_BYTES,
    DEFAULT_MAX_RETRIES,
    DEFAULT_TIMEOUT,
    MAX_REDIRECTS,
    REDIRECT_STATUSES,
    RETRY_AFTER_CAP_SECONDS,
    RETRY_METHODS,
    RETRY_STATUSES,
    USER_AGENT,
)
from ._transport import DEADLINE, DeadlineTransport, keep_deadline
from .errors import (
    CallTimeoutError,
    ClientClosedError,
    ConnectionFailedError,
    CrossOriginRedirectError,
    Headers,
    ResponseBodyError,
    ResponseTooLargeError,
)

if TYPE_CHECKING:
    if sys.version_info >= (3, 11):
        from typing import Self
    else:
        from typing_extensions import Self

__all__ = ["DEFAULT_MAX_RESPONSE_BYTES", "DEFAULT_MAX_RETRIES", "DEFAULT_TIMEOUT", "ApiResponse", "AsyncClientBase", "Operation", "Parameter", "Scheme", "SyncClientBase"]

_DEFAULT_PORTS = {"http": 80, "https": 443}
# A connection refused, reset or closed before the answer ended: httpcore's (the sync transport
# raises them as they are) and httpx's (the async transport maps them).
_CONNECTION_FAILURES: tuple[type[Exception], ...] = (
    httpcore.NetworkError,
    httpcore.RemoteProtocolError,
    httpx.NetworkError,
    httpx.RemoteProtocolError,
    httpx.DecodingError,
)
# And what reading a body may meet besides: codings the client does not decode, a body over the bound
# as it is decoded, a stream that is not what its coding says.
_READ_FAILURES: tuple[type[Exception], ...] = (
    *_CONNECTION_FAILURES,
    _decode.UndecodableError,
    _decode.LayerTooLargeError,
    _decode.ContentDecodingError,
)
_TIMEOUTS: tuple[type[Exception], ...] = (httpcore.TimeoutException, httpx.TimeoutException)
# And the async client's deadline: anyio.fail_after raises the builtin TimeoutError.
_ASYNC_TIMEOUTS: tuple[type[Exception], ...] = (TimeoutError, *_TIMEOUTS)


@dataclass(frozen=True)
class Parameter:
    """A parameter not in the path, as the description states it: its name on the wire, where it
    goes (``query``, ``header``, ``cookie``), and its style and explode."""

    name: str
    location: str
    style: str
    explode: bool


@dataclass(frozen=True)
class Operation:
    """One operation of the description: what a call of it sends, and what its answer is decoded
    into; ``idempotency_key`` the header of its idempotency key, where a POST or PATCH declares one
    (``Idempotency-Key``, in any case): it is then retried as a GET is, with one key on every attempt."""

    id: str
    method: str
    path: str
    path_names: tuple[str, ...] = ()
    parameters: tuple[Parameter, ...] = ()
    idempotency_key: str | None = None

    @property
    def retried(self) -> bool:
        """Whether a call may be sent again: its method may be repeated, or it carries an idempotency key."""
        return self.method in RETRY_METHODS or self.idempotency_key is not None


@dataclass(frozen=True)
class Scheme:
    """A security scheme the description declares that one header carries: its name, its header,
    what goes before the credential (``Bearer ``), and the environment variable read when the
    credential is not passed."""

    name: str
    header: str
    prefix: str
    variable: str


_T = TypeVar("_T")


@dataclass(frozen=True)
class ApiResponse(Generic[_T]):
    """A 2xx answer, as ``client.with_response.<method>(...)`` returns it: its ``status``, its
    ``headers`` (names in lower case, repeated ones joined by ``, ``) and its decoded ``body``."""

    status: int
    headers: Mapping[str, str]
    body: _T


#: What a 2xx body is decoded into: any JSON value (None), a JSON object (dict), or a model class (pydantic's).
Into = Any



@dataclass
class _Prepared:
    operation: Operation
    url: str
    headers: dict[str, str]
    content: bytes | None
    into: Into
    #: The call's deadline in seconds (None: no bound), and what redacts its header values.
    timeout: float | None
    redact: _wire.Redactor


@dataclass
class _Answer:
    """The last answer of a call: its status, headers and body as decoded (``undecoded``: the coding
    the client does not decode, whose body was left unread)."""

    status: int
    headers: httpx.Headers
    body: bytearray
    undecoded: str | None = None


class _BodyReader:
    """One answer's body as it comes: decoded from its codings, no further than the bound (of what is
    decoded, every layer's), and within the deadline, checked at each step of the decoding."""

    def __init__(self, prepared: _Prepared, response: httpx.Response, limit: int | None, deadline: float | None) -> None:
        self._prepared, self._limit, self._deadline = prepared, limit, deadline
        self._decoder = _decode.BodyDecoder(_decode.codings(response.headers.get("content-encoding")), limit, self._tick)
        self.body = bytearray()

    def _tick(self) -> None:
        if self._deadline is not None and time.monotonic() >= self._deadline:
            raise CallTimeoutError(self._prepared.operation.id, self._prepared.timeout or 0.0)

    def _add(self, pieces: Iterable[bytes]) -> None:
        for piece in pieces:
            if self._limit is not None and len(self.body) + len(piece) > self._limit:
                raise _decode.LayerTooLargeError("the body")
            self.body += piece

    def take(self, raw: bytes) -> None:
        self._add_or_discard(self._decoder.feed(raw))

    def end(self) -> bytearray:
        self._add_or_discard(self._decoder.end())
        return self.body

    def _add_or_discard(self, pieces: Iterable[bytes]) -> None:
        try:
            self._add(pieces)
        except BaseException:
            # What was read is freed now, not when the error's traceback (which holds this reader) is collected:
            # calls that meet a bound one after another would hold a bound's worth each until then.
            self.body.clear()
            raise


def _origin(url: httpx.URL) -> tuple[str, str, int | None]:
    scheme = url.scheme.lower()
    return scheme, url.host.lower(), url.port or _DEFAULT_PORTS.get(scheme)


def _bound(name: str, value: Any, integer: bool) -> Any:
    """A bound as given: a number from 0, where 0 and None are no bound (None returned)."""
    if value is None:
        return None
    kinds = (int,) if integer else (int, float)
    if isinstance(value, bool) or not isinstance(value, kinds) or not math.isfinite(value) or value < 0:
        raise ValueError(f"{name} must be a {'whole number' if integer else 'number'} from 0 (0 or None: no bound), not {value!r}")
    return None if value == 0 else value if integer else float(value)


def _retries(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"max_retries must be a whole number from 0, not {value!r}")
    return value


def _checked_headers(given: Mapping[str, str] | None, what: str) -> dict[str, str]:
    headers = dict(given or {})
    for name, value in headers.items():
        _wire.check_header(name, value, what)
    return headers


def _over(headers: Mapping[str, str], more: Mapping[str, str]) -> dict[str, str]:
    """``headers`` with ``more`` in place of those of the same name, in any case."""
    names = {name.lower() for name in more}
    return {**{k: v for k, v in headers.items() if k.lower() not in names}, **more}


def _has(headers: Mapping[str, str], name: str) -> bool:
    return any(key.lower() == name for key in headers)


def _user_agent_over(headers: httpx.Headers) -> str | None:
    """The SDK's User-Agent over an http_client of yours: none where you set one on it (not httpx's default)."""
    theirs = headers.get("user-agent")
    return USER_AGENT if theirs is None or theirs.startswith("python-httpx/") else None


class _ClientBase:
    """The options of a client, checked when it is made, and how a call is prepared and answered."""

    #: Whether the client made its connections' pool (and so closes it).
    _owns_http: bool
    #: The security schemes whose credentials the client takes by name (the generated client's).
    _schemes: tuple[Scheme, ...] = ()

    def _closed(self) -> bool:
        """Whether the client's connections' pool is closed: no call is sent through it."""
        raise NotImplementedError

    def __init__(
        self,
        base_url: str,
        *,
        headers: Mapping[str, str] | None = None,
        timeout: float | None = DEFAULT_TIMEOUT,
        max_response_bytes: int | None = DEFAULT_MAX_RESPONSE_BYTES,
        max_retries: int = DEFAULT_MAX_RETRIES,
        credentials: Mapping[str, object] | None = None,
    ) -> None:
        # Checked as they come, whatever their annotations say: a caller need not be type-checked.
        given = cast(object, base_url)
        parts = urlsplit(given) if isinstance(given, str) else None
        if parts is None or parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError("base_url must be an http or https URL, such as 'https://api.example.com'")
        if "@" in parts.netloc or parts.query or parts.fragment:
            raise ValueError("base_url takes no user info, query or fragment: give credentials in headers=")
        self._base = base_url.rstrip("/")
        self._origin = _origin(httpx.URL(self._base))
        scheme, host, port = self._origin
        self._origin_text = f"{scheme}://{host}" + ("" if port == _DEFAULT_PORTS.get(scheme) else f":{port}")
        self._configure(self._with_credentials(_checked_headers(headers, "headers"), credentials), _bound("timeout", timeout, False), _bound("max_response_bytes", max_response_bytes, True), _retries(max_retries))
        self._user_agent: str | None = USER_AGENT
        # Only an https base URL makes TLS connections (redirects stay within its origin), so only it
        # reads the CA bundle (and SSL_CERT_FILE or SSL_CERT_DIR where set), which takes some 20 ms; an
        # http one's context verifies as strictly and trusts no CA, for TLS it never makes.
        self._ssl_context = httpx.create_ssl_context() if parts.scheme == "https" else ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)

    def _with_credentials(self, headers: dict[str, str], credentials: Mapping[str, object] | None) -> dict[str, str]:
        """``headers`` with each security scheme's credential in its header: the one given by the
        scheme's name, else the one its environment variable holds; a header of that name in
        ``headers`` is sent instead. A credential's value is never shown."""
        given = dict(credentials or {})
        names = [scheme.name for scheme in self._schemes]
        unknown = sorted(name for name in given if name not in names)
        if unknown:
            declared = f"the security schemes are {', '.join(names)}" if names else "the description declares no security scheme: send your credentials in headers="
            raise ValueError(f"credentials: {_wire.printable(', '.join(repr(name) for name in unknown))[:200]} not a security scheme's name ({declared})")
        for scheme in self._schemes:
            value = given.get(scheme.name)
            if value is None:
                value = os.environ.get(scheme.variable) or None
            if value is None or _has(headers, scheme.header.lower()):
                continue
            if not isinstance(value, str):
                raise TypeError(f"credentials: the credential of {scheme.name!r} must be a string, not {type(value).__name__}")
            _wire.check_header(scheme.header, scheme.prefix + value, f"credentials: {scheme.name}")
            headers[scheme.header] = scheme.prefix + value
        return headers

    def _configure(self, headers: dict[str, str], timeout: float | None, max_response_bytes: int | None, max_retries: int) -> None:
        self._headers = headers
        self._timeout = timeout
        self._max_response_bytes = max_response_bytes
        self._max_retries = max_retries
        self._redact = _wire.redactor(headers.values())

    def with_options(
        self,
        *,
        headers: Mapping[str, str] | None = None,
        timeout: float | None = None,
        max_retries: int | None = None,
        max_response_bytes: int | None = None,
    ) -> Self:
        """A client of the same base URL with these options (``headers`` over this client's; an option
        not given, or None, as this client's; 0 for no bound), sharing this client's connections: closing
        it closes nothing, and once this client is closed its calls raise ``ClientClosedError``."""
        other = copy.copy(self)
        other._configure(
            _over(self._headers, _checked_headers(headers, "headers")),
            self._timeout if timeout is None else _bound("timeout", timeout, False),
            self._max_response_bytes if max_response_bytes is None else _bound("max_response_bytes", max_response_bytes, True),
            self._max_retries if max_retries is None else _retries(max_retries),
        )
        other._owns_http = False
        return other

    def __repr__(self) -> str:
        # The header names only: a value (your credentials) never appears in a printed client.
        return (
            f"{type(self).__name__}(base_url={self._redact(self._base)!r}, headers={sorted(self._headers)!r}, timeout={self._timeout!r}, "
            f"max_response_bytes={self._max_response_bytes!r}, max_retries={self._max_retries!r})"
        )

    __str__ = __repr__

    def _prepare(
        self,
        operation: Operation,
        path_args: tuple[Any, ...],
        values: Mapping[str, Any],
        body: Any,
        into: Into,
        extra_headers: Mapping[str, str] | None,
        timeout: float | None,
    ) -> _Prepared:
        """The request of one call, or the error that refuses it, before anything is sent; ``extra_headers``
        and ``timeout`` (None: the client's; 0: no bound) the call's own."""
        if self._closed():
            raise ClientClosedError(operation.id)
        path = _wire.fill_path(operation.id, operation.path, operation.path_names, path_args)
        query: list[str] = []
        cookies: list[str] = []
        extra = _checked_headers(extra_headers, f"{operation.id}: extra_headers")
        headers = _over(self._headers, extra)
        for parameter in operation.parameters:
            value = values.get(parameter.name)
            if parameter.location == "query":
                query += _wire.query_pairs(parameter.name, parameter.style, parameter.explode, value)
            elif parameter.location == "header":
                text = _wire.header_value(parameter.explode, value)
                if text is not None:
                    _wire.check_header(parameter.name, text, f"{operation.id}: header parameter")
                    headers = {k: v for k, v in headers.items() if k.lower() != parameter.name.lower()}
                    headers[parameter.name] = text
            elif parameter.location == "cookie":
                pair = _wire.cookie_pair(parameter.name, value)
                if pair is not None:
                    cookies.append(pair)
        if cookies:
            headers["Cookie"] = "; ".join(cookies)
        # One key for the call, on every attempt, where the caller gave none.
        if operation.idempotency_key is not None and not _has(headers, operation.idempotency_key.lower()):
            headers[operation.idempotency_key] = str(uuid.uuid4())
        # Only the codings the client decodes itself, bounded (_decode.py), unless the caller asks for others.
        if not _has(headers, "accept-encoding"):
            headers["Accept-Encoding"] = _decode.ACCEPT_ENCODING
        if self._user_agent is not None and not _has(headers, "user-agent"):
            headers["User-Agent"] = self._user_agent
        content = None
        if body is not None:
            dump = getattr(body, "model_dump", None)
            data: Any = dump(mode="json", by_alias=True, exclude_unset=True) if callable(dump) else dict(cast("Mapping[str, Any]", body)) if isinstance(body, Mapping) else body
            content = json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode("utf-8")
            headers = {k: v for k, v in headers.items() if k.lower() != "content-type"}
            headers["Content-Type"] = "application/json"
        url = self._base + path + ("?" + "&".join(query) if query else "")
        seconds = self._timeout if timeout is None else _bound("timeout", timeout, False)
        if not extra:
            return _Prepared(operation, url, headers, content, into, seconds, self._redact)
        return _Prepared(operation, url, headers, content, into, seconds, _wire.redactor([*self._headers.values(), *extra.values()]))

    def _deadline(self, prepared: _Prepared) -> float | None:
        return None if prepared.timeout is None else time.monotonic() + prepared.timeout

    def _per_operation(self, deadline: float | None) -> httpx.Timeout:
        """httpx's timeouts for one request: what is left of the call (a connection from the pool included)."""
        return httpx.Timeout(None if deadline is None else max(deadline - time.monotonic(), 0.001))

    def _timed_out(self, prepared: _Prepared) -> NoReturn:
        raise CallTimeoutError(prepared.operation.id, prepared.timeout or 0.0) from None

    def _wait_before_retry(self, prepared: _Prepared, retry: int, status: int | None, headers: httpx.Headers | None, deadline: float | None) -> float | None:
        """The wait before retry ``retry + 1``, or None when the call ends with what it has: a method
        that is not retried, a status that is not, no retry left, a Retry-After over the cap, or a
        wait that would end past the deadline. ``status`` None: the connection failed. Logs the attempt."""
        wait = self._wait(prepared.operation, retry, status, headers, deadline)
        _log.attempt(prepared.operation.method, prepared.operation.path, "connection failed" if status is None else status, retry + 1, wait)
        return wait

    def _wait(self, operation: Operation, retry: int, status: int | None, headers: httpx.Headers | None, deadline: float | None) -> float | None:
        if not operation.retried or retry >= self._max_retries or (status is not None and status not in RETRY_STATUSES):
            return None
        asked = _wire.retry_after(headers.get("retry-after"), time.time()) if headers is not None else None
        if asked is not None and asked > RETRY_AFTER_CAP_SECONDS:
            return None
        wait = asked if asked is not None else _wire.backoff(retry + 1)
        if deadline is not None and time.monotonic() + wait > deadline:
            return None
        return wait

    def _redirect(self, prepared: _Prepared, status: int, method: str, url: str, location: str, content: bytes | None) -> tuple[str, str, bytes | None]:
        """Where a redirect leads, and with what method and body; refused when it leaves the origin."""
        try:
            target = httpx.URL(url).join(location)
            leaves = _origin(target) != self._origin
        except (httpx.InvalidURL, ValueError, TypeError):
            target, leaves = None, True
        if leaves:
            shown = _wire.printable(prepared.redact(_wire.shown_url(str(target) if target is not None else location)))
            raise CrossOriginRedirectError(prepared.operation.id, status, shown, self._origin_text)
        # As browsers and fetch do: a 303, or a 301 or 302 after a POST, becomes a GET without a body.
        if (status == 303 and method != "HEAD") or (status in (301, 302) and method == "POST"):
            return "GET", str(target), None
        return method, str(target), content

    def _headers_for(self, prepared: _Prepared, content: bytes | None) -> dict[str, str]:
        return prepared.headers if content is not None else {k: v for k, v in prepared.headers.items() if k.lower() != "content-type"}

    def _reader(self, prepared: _Prepared, response: httpx.Response, deadline: float | None) -> _BodyReader:
        """The reader of an answer's body, or ResponseTooLargeError when its declared length is over the bound."""
        declared = response.headers.get("content-length", "").strip()
        if self._max_response_bytes is not None and declared.isdigit() and int(declared) > self._max_response_bytes:
            raise ResponseTooLargeError(prepared.operation.id, self._max_response_bytes)
        return _BodyReader(prepared, response, self._max_response_bytes, deadline)

    def _read_failed(self, prepared: _Prepared, response: httpx.Response, failure: Exception) -> _Answer:
        """What a failure while reading a body becomes: an answer left unread, or the call's error."""
        if isinstance(failure, _decode.UndecodableError):
            return _Answer(response.status_code, response.headers, bytearray(), failure.coding)
        if isinstance(failure, _decode.LayerTooLargeError):
            raise ResponseTooLargeError(prepared.operation.id, self._max_response_bytes or 0) from None
        raise self._connection_failed(prepared, failure) from None

    def _connection_failed(self, prepared: _Prepared, failure: Exception, tries: int = 1) -> ConnectionFailedError:
        # The request (its URL without its query's values), how many times it was sent, and the
        # cause's text, redacted (a service can put anything in a line it breaks), not the cause
        # itself: a traceback would print it as it is.
        cause = f"{type(failure).__name__}: {failure}" if str(failure) else type(failure).__name__
        sent = f"{prepared.operation.method} {_wire.shown_url(prepared.url)}{f', {tries} tries' if tries > 1 else ''}"
        return ConnectionFailedError(prepared.operation.id, _wire.printable(prepared.redact(f"{sent}: {cause}")))

    def _answered(self, prepared: _Prepared, answer: _Answer, with_response: bool) -> Any:
        """What a call returns: the decoded body, or (``with_response``) an ApiResponse of it."""
        decoded = self._answer(prepared, answer)
        return ApiResponse(answer.status, MappingProxyType(dict(answer.headers.items())), decoded) if with_response else decoded

    def _answer(self, prepared: _Prepared, answer: _Answer) -> Any:
        """A 2xx body decoded into what the operation returns; any other status an ApiError."""
        operation, status, body = prepared.operation.id, answer.status, answer.body
        coding = _wire.printable(answer.undecoded or "")
        if not 200 <= status < 300:
            unread = f"(a body in the content coding {coding!r}, which the client does not decode: not read)"
            excerpt = unread if answer.undecoded else _wire.excerpt(body, prepared.redact)
            headers = Headers((name, prepared.redact(value)) for name, value in answer.headers.multi_items())
            raise kind_of(status)(operation, status, excerpt, headers, self._error_body(prepared, body))
        if answer.undecoded:
            raise ResponseBodyError(operation, status, f"is in the content coding {coding!r}, which the client did not ask for and does not decode")
        into = prepared.into
        if not body.strip():
            # What the description types (a JSON object, a model) is the method's return type, never None.
            if into is None:
                return None
            raise ResponseBodyError(operation, status, f"is empty, where the description declares {'a JSON object' if into is dict else f'a {into.__name__}'}")
        try:
            data = json.loads(body)
        except (ValueError, RecursionError) as error:
            shown = _wire.excerpt(body, prepared.redact)
            raise ResponseBodyError(operation, status, f"is not JSON ({type(error).__name__}): {shown}") from None
        if into is None:
            return data
        if into is dict:
            if not isinstance(data, dict):
                raise ResponseBodyError(operation, status, f"is not a JSON object but {type(data).__name__}", data)
            return cast("dict[str, Any]", data)
        try:
            return into.model_validate(data)
        except ValueError as error:
            raise ResponseBodyError(operation, status, f"is not a {into.__name__}: {self._problems(prepared, error)}", data) from None

    @staticmethod
    def _error_body(prepared: _Prepared, body: bytearray) -> Any:
        """An error answer's body parsed, its strings redacted, where it is JSON; else None."""
        if not body.strip():
            return None
        try:
            return _wire.redact_json(json.loads(body), prepared.redact)
        except (ValueError, RecursionError):
            return None

    def _problems(self, prepared: _Prepared, error: ValueError) -> str:
        """A model's validation problems, where and what, without the values (which the service sent)."""
        errors: Callable[..., Any] | None = getattr(error, "errors", None)
        if errors is None:
            return _wire.printable(prepared.redact(str(error)))
        found = [f"{'.'.join(str(part) for part in problem['loc']) or '(the body)'}: {problem['msg']}" for problem in errors(include_url=False, include_input=False)]
        more = f"; and {len(found) - 5} more" if len(found) > 5 else ""
        return _wire.printable(prepared.redact("; ".join(found[:5]) + more))


class SyncClientBase(_ClientBase):
    """The sync client's machinery (httpx.Client over the deadline transport, _transport.py)."""

    def __init__(
        self,
        base_url: str,
        *,
        headers: Mapping[str, str] | None = None,
        timeout: float | None = DEFAULT_TIMEOUT,
        max_response_bytes: int | None = DEFAULT_MAX_RESPONSE_BYTES,
        max_retries: int = DEFAULT_MAX_RETRIES,
        http_client: httpx.Client | None = None,
        credentials: Mapping[str, object] | None = None,
    ) -> None:
        super().__init__(base_url, headers=headers, timeout=timeout, max_response_bytes=max_response_bytes, max_retries=max_retries, credentials=credentials)
        if http_client is None:
            self._http = httpx.Client(transport=DeadlineTransport(self._ssl_context), trust_env=False, follow_redirects=False, timeout=None)
            self._owns_http = True
            return
        given = cast(object, http_client)
        if not isinstance(given, httpx.Client):
            raise TypeError(f"http_client must be an httpx.Client, not {type(http_client).__name__}")
        keep_deadline(http_client, self._base)
        self._http = http_client
        self._owns_http = False
        self._user_agent = _user_agent_over(http_client.headers)

    def _closed(self) -> bool:
        return self._http.is_closed

    def close(self) -> None:
        """Closes the client's connections: those it made, not an ``http_client`` you gave it (close that yourself)."""
        if self._owns_http:
            self._http.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None) -> None:
        self.close()

    def _call(
        self,
        operation: Operation,
        path_args: tuple[Any, ...],
        values: Mapping[str, Any],
        body: Any = None,
        into: Into = None,
        with_response: bool = False,
        extra_headers: Mapping[str, str] | None = None,
        timeout: float | None = None,
    ) -> Any:
        prepared = self._prepare(operation, path_args, values, body, into, extra_headers, timeout)
        deadline = self._deadline(prepared)
        token = DEADLINE.set(deadline)
        try:
            answer = self._attempts(prepared, deadline)
        except _TIMEOUTS:
            self._timed_out(prepared)
        except RuntimeError:
            # httpx's own when its client was closed while the call was under way (or before, an http_client of yours).
            if self._http.is_closed:
                raise ClientClosedError(operation.id) from None
            raise
        finally:
            DEADLINE.reset(token)
        return self._answered(prepared, answer, with_response)

    def _attempts(self, prepared: _Prepared, deadline: float | None) -> _Answer:
        retry = 0
        while True:
            if deadline is not None and time.monotonic() >= deadline:
                self._timed_out(prepared)
            try:
                response = self._follow(prepared, deadline)
            except _CONNECTION_FAILURES as failure:
                wait = self._wait_before_retry(prepared, retry, None, None, deadline)
                if wait is None:
                    raise self._connection_failed(prepared, failure, retry + 1) from None
            else:
                wait = self._wait_before_retry(prepared, retry, response.status_code, response.headers, deadline)
                if wait is None:
                    return self._read(prepared, response, deadline)
                response.close()
            time.sleep(wait)
            retry += 1

    def _follow(self, prepared: _Prepared, deadline: float | None) -> httpx.Response:
        method, url, content = prepared.operation.method, prepared.url, prepared.content
        for hop in range(MAX_REDIRECTS + 1):
            request = self._http.build_request(method, url, headers=self._headers_for(prepared, content), content=content, timeout=self._per_operation(deadline))
            response = self._http.send(request, stream=True, follow_redirects=False)
            location = response.headers.get("location")
            if response.status_code not in REDIRECT_STATUSES or location is None or hop == MAX_REDIRECTS:
                return response
            response.close()
            method, url, content = self._redirect(prepared, response.status_code, method, url, location, content)
        raise AssertionError("unreachable")

    def _read(self, prepared: _Prepared, response: httpx.Response, deadline: float | None) -> _Answer:
        """The answer, its body read to its end (as it came: _BodyReader decodes it) and no further than the bound."""
        try:
            reader = self._reader(prepared, response, deadline)
            for raw in response.iter_raw():
                reader.take(raw)
            return _Answer(response.status_code, response.headers, reader.end())
        except _READ_FAILURES as failure:
            return self._read_failed(prepared, response, failure)
        finally:
            response.close()


class AsyncClientBase(_ClientBase):
    """The async client's machinery (httpx.AsyncClient; asyncio or trio): a call is cancelled at its deadline."""

    def __init__(
        self,
        base_url: str,
        *,
        headers: Mapping[str, str] | None = None,
        timeout: float | None = DEFAULT_TIMEOUT,
        max_response_bytes: int | None = DEFAULT_MAX_RESPONSE_BYTES,
        max_retries: int = DEFAULT_MAX_RETRIES,
        http_client: httpx.AsyncClient | None = None,
        credentials: Mapping[str, object] | None = None,
    ) -> None:
        super().__init__(base_url, headers=headers, timeout=timeout, max_response_bytes=max_response_bytes, max_retries=max_retries, credentials=credentials)
        if http_client is None:
            transport = httpx.AsyncHTTPTransport(verify=self._ssl_context)
            self._http = httpx.AsyncClient(transport=transport, trust_env=False, follow_redirects=False, timeout=None)
            self._owns_http = True
            return
        given = cast(object, http_client)
        if not isinstance(given, httpx.AsyncClient):
            raise TypeError(f"http_client must be an httpx.AsyncClient, not {type(http_client).__name__}")
        # A call is cancelled at its deadline whatever the transport, so any of yours keeps it.
        self._http = http_client
        self._owns_http = False
        self._user_agent = _user_agent_over(http_client.headers)

    def _closed(self) -> bool:
        return self._http.is_closed

    async def aclose(self) -> None:
        """Closes the client's connections: those it made, not an ``http_client`` you gave it (close that yourself)."""
        if self._owns_http:
            await self._http.aclose()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None) -> None:
        await self.aclose()

    async def _call(
        self,
        operation: Operation,
        path_args: tuple[Any, ...],
        values: Mapping[str, Any],
        body: Any = None,
        into: Into = None,
        with_response: bool = False,
        extra_headers: Mapping[str, str] | None = None,
        timeout: float | None = None,
    ) -> Any:
        prepared = self._prepare(operation, path_args, values, body, into, extra_headers, timeout)
        deadline = self._deadline(prepared)
        try:
            with anyio.fail_after(prepared.timeout):
                answer = await self._attempts(prepared, deadline)
        except CallTimeoutError:
            raise
        except _ASYNC_TIMEOUTS:
            self._timed_out(prepared)
        except RuntimeError:
            if self._http.is_closed:
                raise ClientClosedError(operation.id) from None
            raise
        return self._answered(prepared, answer, with_response)

    async def _attempts(self, prepared: _Prepared, deadline: float | None) -> _Answer:
        retry = 0
        while True:
            try:
                response = await self._follow(prepared, deadline)
            except _CONNECTION_FAILURES as failure:
                wait = self._wait_before_retry(prepared, retry, None, None, deadline)
                if wait is None:
                    raise self._connection_failed(prepared, failure, retry + 1) from None
            else:
                wait = self._wait_before_retry(prepared, retry, response.status_code, response.headers, deadline)
                if wait is None:
                    return await self._read(prepared, response, deadline)
                await response.aclose()
            await anyio.sleep(wait)
            retry += 1

    async def _follow(self, prepared: _Prepared, deadline: float | None) -> httpx.Response:
        method, url, content = prepared.operation.method, prepared.url, prepared.content
        for hop in range(MAX_REDIRECTS + 1):
            request = self._http.build_request(method, url, headers=self._headers_for(prepared, content), content=content, timeout=self._per_operation(deadline))
            response = await self._http.send(request, stream=True, follow_redirects=False)
            location = response.headers.get("location")
            if response.status_code not in REDIRECT_STATUSES or location is None or hop == MAX_REDIRECTS:
                return response
            await response.aclose()
            method, url, content = self._redirect(prepared, response.status_code, method, url, location, content)
        raise AssertionError("unreachable")

    async def _read(self, prepared: _Prepared, response: httpx.Response, deadline: float | None) -> _Answer:
        """The answer, its body read to its end (as it came: _BodyReader decodes it) and no further than the bound."""
        try:
            reader = self._reader(prepared, response, deadline)
            async for raw in response.aiter_raw():
                reader.take(raw)
            return _Answer(response.status_code, response.headers, reader.end())
        except _READ_FAILURES as failure:
            return self._read_failed(prepared, response, failure)
        finally:
            await response.aclose()
