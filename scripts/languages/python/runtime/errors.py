"""The errors the SDK raises: one base class, and one class for each way a call ends without an
answer to return; an API error has a class of its kind by status besides (``NotFoundError``, in
``_kinds.py``, written from the runtime's spec). The text of every error is made by the client,
which replaces the value of each header it was given, the token after a scheme
(``Bearer <token>``) and a ``Basic`` pair and its password, in every form a service may echo them
(in any letter case, percent-, form- or JSON-encoded, in base64; _wire.Redactor), by ``[redacted]``
wherever the service could have put it (an excerpt, a URL, an answer's headers and body). Every error pickles
to the same class and fields (a worker process can raise it)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any


def _restore(kind: type[EmailDeliveryError], args: tuple[Any, ...], state: dict[str, Any]) -> EmailDeliveryError:
    """An error as it was pickled: its class, its text and its fields, without calling its ``__init__``."""
    error = kind.__new__(kind, *args)
    BaseException.__init__(error, *args)
    error.__dict__.update(state)
    return error


class EmailDeliveryError(Exception):
    """Every error a call raises; ``operation`` is the operationId it was for."""

    def __init__(self, operation: str, message: str) -> None:
        super().__init__(f"{operation}: {message}")
        self.operation = operation

    def __reduce__(self) -> tuple[Any, ...]:
        # Exception's own pickling calls the class with its text alone, which these classes' __init__ do not take.
        return (_restore, (type(self), self.args, dict(self.__dict__)))


class Headers(Mapping[str, str]):
    """An answer's headers: looked up by a name in any case, listed in lower case, a name given
    more than once its values joined by ``, ``."""

    def __init__(self, items: Iterable[tuple[str, str]] = ()) -> None:
        self._values: dict[str, str] = {}
        for name, value in items:
            key = name.lower()
            self._values[key] = f"{self._values[key]}, {value}" if key in self._values else value

    def __getitem__(self, name: str) -> str:
        return self._values[name.lower()]

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name.lower() in self._values

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __repr__(self) -> str:
        return f"Headers({self._values!r})"


class ApiError(EmailDeliveryError):
    """The service answered with a status other than 2xx (after any retries); the class of its kind
    where one names the status (``NotFoundError``, ``RateLimitError``, ``InternalServerError``...).

    ``status`` is that status; ``excerpt`` the start of its body (at most 1,000 characters, control
    and other characters that do not print written as escapes, header values redacted);
    ``headers`` the answer's (values that echo your headers redacted); ``body`` the body parsed
    where it is JSON (its strings redacted), else None."""

    def __init__(self, operation: str, status: int, excerpt: str, headers: Mapping[str, str] | None = None, body: Any = None) -> None:
        said = f": {excerpt}" if excerpt else " with an empty body"
        super().__init__(operation, f"the service answered {status}{said}")
        self.status = status
        self.excerpt = excerpt
        self.headers: Mapping[str, str] = headers if headers is not None else Headers()
        self.body = body


class CallTimeoutError(EmailDeliveryError, TimeoutError):
    """The call (connecting, redirects, retries and their waits, the body read to its end) did not
    end within the client's ``timeout`` (or the call's own)."""

    def __init__(self, operation: str, seconds: float) -> None:
        super().__init__(operation, f"no complete answer within {seconds:g} s (timeout); give the client (or the call) a larger timeout to wait longer")
        self.seconds = seconds


class ResponseTooLargeError(EmailDeliveryError):
    """The response body, as it is decoded, is bigger than the client's ``max_response_bytes``: the rest was not read."""

    def __init__(self, operation: str, limit: int) -> None:
        super().__init__(
            operation,
            f"the response body is bigger than {limit} bytes (max_response_bytes), so the rest was not read; give the client a larger max_response_bytes to read it",
        )
        self.limit = limit


class CrossOriginRedirectError(EmailDeliveryError):
    """The service redirected to another origin (or to a target that cannot be read). The redirect
    was not followed, so nothing was sent there: the client's headers go to the base URL's origin
    only. ``target`` is where it led, without the values of its query string."""

    def __init__(self, operation: str, status: int, target: str, origin: str) -> None:
        super().__init__(
            operation,
            f"the service answered {status} with a redirect to {target}, another origin than {origin}; it was not followed, so your headers were not sent there",
        )
        self.status = status
        self.target = target


class UnsafePathParameterError(EmailDeliveryError, ValueError):
    """A path parameter that cannot travel as one URL segment (not a string, empty, ``.`` or
    ``..``, or not encodable as UTF-8). No request was sent."""

    def __init__(self, operation: str, parameter: str, value: Any) -> None:
        if not isinstance(value, str):
            reason = f"{type(value).__name__}, not a string: give it as a string"
        else:
            reason = f"{value!r}, which cannot be sent as one path segment (an empty, '.' or '..' segment would address another resource, and a lone surrogate has no encoding)"
        super().__init__(operation, f"path parameter '{parameter}' is {reason}; no request was sent")
        self.parameter = parameter


class ConnectionFailedError(EmailDeliveryError, ConnectionError):
    """The service could not be reached, or closed the connection before its answer ended (after
    any retries), or sent a body its content coding does not decode."""

    def __init__(self, operation: str, detail: str) -> None:
        super().__init__(operation, f"the connection to the service failed: {detail}")


class ResponseBodyError(EmailDeliveryError):
    """A 2xx answer whose body is not JSON, or not what the description (or an overlay) types it as,
    or in a content coding the client did not ask for. ``body`` is the decoded JSON, when it is JSON."""

    def __init__(self, operation: str, status: int, detail: str, body: Any = None) -> None:
        super().__init__(operation, f"the {status} answer's body {detail}")
        self.status = status
        self.body = body


class ClientClosedError(EmailDeliveryError):
    """A call of a client after its ``close()`` (``aclose()``), or after the close of the client it
    shares its connections with (``with_options``). No request was sent."""

    def __init__(self, operation: str) -> None:
        super().__init__(operation, "the client is closed, so nothing was sent; make a new client (or call before closing it)")
