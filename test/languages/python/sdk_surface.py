"""Calls the SDK (``PYTHONPATH``: its src folder) against test/languages/python/surface-check.ts' server
and writes what came of each, one JSON line each, for the test to check: an API error raised in a
process pool's worker comes back whole and the pool works on; every error pickles to its class
and fields; a call after ``close()`` raises the SDK's own error; ``with_options`` shares the
connections and sends its options. Run with ``EMAIL_DELIVERY_LOG=debug``: the log goes to stderr.

Usage: sdk_surface.py <base URL>"""

from __future__ import annotations

import json
import pickle
import sys
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import email_delivery_api as sdk

KEY = {"X-Api-Key": "sk-surface-secret"}


def say(check: str, value: Any) -> None:
    print(json.dumps({"check": check, "value": value}), flush=True)


def get_missing(base_url: str) -> Any:
    with sdk.Client(base_url, headers=KEY) as client:
        return client.get_integration("missing")


def list_webhooks(base_url: str) -> Any:
    with sdk.Client(base_url, headers=KEY) as client:
        return client.list_webhooks()


def fields(error: BaseException) -> dict[str, Any]:
    return {"class": type(error).__name__, "text": str(error), **{k: v if not isinstance(v, sdk.Headers) else dict(v) for k, v in vars(error).items()}}


def in_a_pool(base_url: str) -> None:
    with ProcessPoolExecutor(max_workers=1) as pool:
        try:
            pool.submit(get_missing, base_url).result()
        except sdk.NotFoundError as error:
            say("pool", {**fields(error), "isApiError": isinstance(error, sdk.ApiError)})
        say("pool after", pool.submit(list_webhooks, base_url).result())


def pickled() -> None:
    errors: list[sdk.EmailDeliveryError] = [
        sdk.NotFoundError("getIntegration", 404, "no such", sdk.Headers([("X-Request-Id", "r1")]), {"code": 7}),
        sdk.ApiError("listWebhooks", 418, ""),
        sdk.CallTimeoutError("listWebhooks", 0.5),
        sdk.ResponseTooLargeError("listScopes", 1024),
        sdk.CrossOriginRedirectError("getIntegration", 302, "http://other.example/x?k=…", "http://127.0.0.1:1"),
        sdk.UnsafePathParameterError("getIntegration", "id", ".."),
        sdk.ConnectionFailedError("listWebhooks", "refused"),
        sdk.ResponseBodyError("getIntegration", 200, "is not JSON", None),
        sdk.ClientClosedError("listWebhooks"),
    ]
    say("pickled", [[type(error).__name__, type(copy) is type(error) and fields(copy) == fields(error)] for error in errors for copy in [pickle.loads(pickle.dumps(error))]])


def closed(base_url: str) -> None:
    client = sdk.Client(base_url, headers=KEY)
    derived = client.with_options(headers={"X-Trace": "derived"}, timeout=5, max_retries=0)
    say("repr", repr(derived))
    first = derived.with_response.list_webhooks()
    second = client.with_response.list_webhooks()
    say("shared", [first.headers.get("x-port"), second.headers.get("x-port")])
    client.close()
    for name, which in (("closed", client), ("derived closed", derived)):
        try:
            which.list_webhooks()
        except sdk.EmailDeliveryError as error:
            say(name, [type(error).__name__, str(error)])


def main() -> None:
    base_url = sys.argv[1]
    in_a_pool(base_url)
    pickled()
    closed(base_url)


if __name__ == "__main__":
    main()
