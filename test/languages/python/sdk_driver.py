"""The Python SDK's driver for the guarantees table (test/support/guarantees.ts, run by
test/languages/sdk-guarantees.test.ts; the protocol is the SDKs' shared design): reads one
JSON line per call on stdin, makes the call with a new client built from that line (``--async``: an
``AsyncClient``), and writes one JSON line per call on stdout, flushed after each; exits 0 at the
end of its input (``--http-client``: each client over an ``httpx.Client`` or ``httpx.AsyncClient``
of the driver's own, with httpx's defaults, given as ``http_client=``). It uses the SDK's public surface only (``PYTHONPATH=generated/sdk/python/src``, or
the SDK installed), and tells outcomes apart by the error's class, never by its text.

In:  {"baseUrl", "headers", "options": {"timeoutSeconds", "maxResponseBytes", "maxRetries"},
      "callOptions": {"timeoutSeconds", "headers"}, "operation", "path": [...], "query": {...}, "body": ...}
Out: {"outcome", "status", "body", "error", "printed", "seconds"}: ``status`` where there is an
answer (``ok``: through ``client.with_response``, which returns a 2xx answer's status with its body;
``api_error``: the error's), absent otherwise; an API error's ``errorKind`` (its class's stem:
``NotFound``; '' for ``ApiError`` itself), ``errorHeaders`` and ``errorBody``. A call's own options
are the method's keywords (``timeout=``, ``extra_headers=``)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
import time
from typing import Any

import httpx

import email_delivery_api as sdk

#: Whether each client is given an httpx client of the driver's own.
OWN_HTTP_CLIENT = "--http-client" in sys.argv[1:]

# The SDK's error classes, each an outcome of the protocol; the first that matches decides.
OUTCOMES: list[tuple[type[BaseException], str]] = [
    (sdk.ApiError, "api_error"),
    (sdk.CallTimeoutError, "timeout"),
    (sdk.ResponseTooLargeError, "too_large"),
    (sdk.CrossOriginRedirectError, "redirect_refused"),
    (sdk.UnsafePathParameterError, "unsafe_path"),
    (sdk.ConnectionFailedError, "connection_error"),
]

OPTIONS = {"timeoutSeconds": "timeout", "maxResponseBytes": "max_response_bytes", "maxRetries": "max_retries"}


def method_name(client: object, operation: str) -> str:
    """The client's method for an operationId: its name in snake_case, found among the client's own."""
    wanted = operation.replace("_", "").lower()
    for name in dir(client):
        if not name.startswith("_") and name.replace("_", "").lower() == wanted:
            return name
    raise ValueError(f"the client has no method for {operation}")


def arguments(line: dict[str, Any]) -> tuple[list[Any], dict[str, Any]]:
    keywords: dict[str, Any] = {}
    own = line.get("callOptions", {})
    if "timeoutSeconds" in own:
        keywords["timeout"] = own["timeoutSeconds"]
    if "headers" in own:
        keywords["extra_headers"] = own["headers"]
    if "query" in line:
        keywords["pairs"] = line["query"]
    if "body" in line:
        keywords["body"] = line["body"]
    return list(line.get("path", [])), keywords


def client_options(line: dict[str, Any]) -> dict[str, Any]:
    options = {OPTIONS[key]: value for key, value in line.get("options", {}).items() if key in OPTIONS}
    return {"headers": line.get("headers") or None, **options}


def plain(body: Any) -> Any:
    """A returned body as JSON: a model by its fields as on the wire."""
    dump = getattr(body, "model_dump", None)
    return dump(mode="json", by_alias=True) if callable(dump) else body


def result(outcome: str, started: float, printed: str, body: Any = None, status: int | None = None, error: str = "") -> dict[str, Any]:
    answer = {"outcome": outcome, "body": plain(body), "error": error, "printed": printed, "seconds": round(time.monotonic() - started, 4)}
    return answer if status is None else {**answer, "status": status}


def failed(error: BaseException, started: float, printed: str) -> dict[str, Any]:
    outcome = next((name for kind, name in OUTCOMES if isinstance(error, kind)), "other")
    if not isinstance(error, sdk.ApiError):
        return result(outcome, started, printed, error=str(error))
    kind = "" if type(error) is sdk.ApiError else type(error).__name__.removesuffix("Error")
    details = {"errorKind": kind, "errorHeaders": dict(error.headers), "errorBody": error.body}
    return {**result(outcome, started, printed, status=error.status, error=str(error)), **details}


def call_sync(line: dict[str, Any]) -> dict[str, Any]:
    started = time.monotonic()
    printed = ""
    try:
        with contextlib.ExitStack() as stack:
            # An httpx client only where it is given: making one costs some 40 ms of CPU (its TLS context).
            http = stack.enter_context(httpx.Client()) if OWN_HTTP_CLIENT else None
            client = stack.enter_context(sdk.Client(line["baseUrl"], **client_options(line), http_client=http))
            printed = repr(client)
            path, keywords = arguments(line)
            answer = getattr(client.with_response, method_name(client, line["operation"]))(*path, **keywords)
            return result("ok", started, printed, answer.body, answer.status)
    except Exception as error:
        return failed(error, started, printed)


async def call_async(line: dict[str, Any]) -> dict[str, Any]:
    started = time.monotonic()
    printed = ""
    try:
        async with contextlib.AsyncExitStack() as stack:
            http = await stack.enter_async_context(httpx.AsyncClient()) if OWN_HTTP_CLIENT else None
            client = await stack.enter_async_context(sdk.AsyncClient(line["baseUrl"], **client_options(line), http_client=http))
            printed = repr(client)
            path, keywords = arguments(line)
            answer = await getattr(client.with_response, method_name(client, line["operation"]))(*path, **keywords)
            return result("ok", started, printed, answer.body, answer.status)
    except Exception as error:
        return failed(error, started, printed)


def write(answer: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(answer) + "\n")
    sys.stdout.flush()


async def main_async() -> None:
    for text in sys.stdin:
        if text.strip():
            write(await call_async(json.loads(text)))


def main() -> None:
    if "--async" in sys.argv[1:]:
        asyncio.run(main_async())
        return
    for text in sys.stdin:
        if text.strip():
            write(call_sync(json.loads(text)))


if __name__ == "__main__":
    main()
