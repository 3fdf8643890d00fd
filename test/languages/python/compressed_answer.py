"""Calls the SDK (``PYTHONPATH``: its src folder) against a server of compressed answers
(test/languages/python/compressed-answers.ts), a case per call, named in ``X-Case``, through the sync client (or
the async one, where the case is written ``async/<case>``); writes
one JSON line per call (the case, the client, the error's class or ``ok``, the body, the seconds, the peak so far),
then one of the process's peak memory (``ru_maxrss``) before the cases and after them all. The
peak only grows, so the last line bounds every case's.

Usage: compressed_answer.py <base URL> [async/]<case>[:unbounded] ..."""

from __future__ import annotations

import asyncio
import json
import resource
import sys
import time
from typing import Any

import email_delivery_api as sdk


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def options(case: str) -> dict[str, Any]:
    """The case's client: the default bound and a deadline of 15 s; ``:unbounded``, no bound and a deadline of 1 s.
    The bound must stop a bounded case, not the deadline: decoding 64 MiB a step at a time has taken
    over 5 s on a loaded 2-core machine (the async client, beside mypy runs)."""
    name, _, bound = case.partition(":")
    if bound == "unbounded":
        return {"headers": {"X-Case": name}, "timeout": 1.0, "max_response_bytes": None}
    return {"headers": {"X-Case": name}, "timeout": 15.0}


def outcome(client: str, case: str, started: float, body: Any = None, error: BaseException | None = None) -> None:
    kind = "ok" if error is None else type(error).__name__
    line = {"client": client, "case": case, "timeout": options(case)["timeout"], "outcome": kind, "body": body, "error": str(error or ""), "seconds": round(time.monotonic() - started, 3), "peakMB": round(peak_mb())}
    print(json.dumps(line), flush=True)


def call_sync(case: str) -> None:
    started = time.monotonic()
    try:
        with sdk.Client(sys.argv[1], **options(case)) as client:
            body = client.list_webhooks()
    except sdk.EmailDeliveryError as error:
        outcome("sync", case, started, error=error)
    else:
        outcome("sync", case, started, body)


async def call_async(case: str) -> None:
    started = time.monotonic()
    try:
        async with sdk.AsyncClient(sys.argv[1], **options(case)) as client:
            body = await client.list_webhooks()
    except sdk.EmailDeliveryError as error:
        outcome("async", case, started, error=error)
    else:
        outcome("async", case, started, body)


async def main() -> None:
    # A plain call of each client first: what the cases add is measured from there.
    for case in ("plain", "plain"):
        call_sync(case)
        await call_async(case)
    before = peak_mb()
    for case in sys.argv[2:]:
        if case.startswith("async/"):
            await call_async(case.removeprefix("async/"))
        else:
            call_sync(case)
    print(json.dumps({"baselineMB": round(before), "peakMB": round(peak_mb())}), flush=True)


if __name__ == "__main__":
    asyncio.run(main())
