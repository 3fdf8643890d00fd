"""The Python SDK's cost per call against plain httpx, for `npm run bench` (scripts/dev/bench.ts runs
it against a loopback service; the target is the SDK at most 20 % slower per call).

Usage: python bench.py <base URL> <N>

Calls listWebhooks N times through the SDK's ``Client`` and N times through one shared
``httpx.Client`` (the same GET, the body read and decoded from JSON), after a warm-up of each, in
alternating rounds so that neither runs only while the machine is busier; prints one JSON line:
``{"sdkSeconds": ..., "plainSeconds": ..., "calls": N}``. The SDK is the one on PYTHONPATH, else the
committed one (generated/sdk/python/src)."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

import httpx

try:
    import email_delivery_api
except ImportError:
    sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "generated" / "sdk" / "python" / "src"))
    import email_delivery_api

ROUNDS = 10
WARM_UP = 50


def timed(call: Callable[[], object], times: int) -> float:
    started = time.perf_counter()
    for _ in range(times):
        call()
    return time.perf_counter() - started


def main(base_url: str, calls: int) -> None:
    url = base_url.rstrip("/") + "/v1/webhooks"
    with email_delivery_api.Client(base_url) as sdk, httpx.Client() as plain:

        def through_sdk() -> object:
            return sdk.list_webhooks()

        def through_httpx() -> object:
            response = plain.get(url)
            response.raise_for_status()
            return json.loads(response.content) if response.content.strip() else None

        timed(through_sdk, WARM_UP)
        timed(through_httpx, WARM_UP)
        seconds = {"sdk": 0.0, "plain": 0.0}
        per_round = max(calls // ROUNDS, 1)
        for round_ in range(ROUNDS):
            order = [("sdk", through_sdk), ("plain", through_httpx)]
            for name, call in order if round_ % 2 == 0 else reversed(order):
                seconds[name] += timed(call, per_round)
    print(json.dumps({"sdkSeconds": round(seconds["sdk"], 4), "plainSeconds": round(seconds["plain"], 4), "calls": per_round * ROUNDS}))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
