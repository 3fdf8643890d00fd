"""The Python SDK's cost per call against plain httpx, for `npm run bench` (scripts/dev/bench.ts runs
it against a loopback service; the target is the SDK at most 20 % slower per call, with its log off
and with it on at INFO).

Usage: python bench.py <base URL> <N>

Calls listWebhooks N times through the SDK's ``Client`` with its log off (the ``email_delivery_api``
logger as the SDK leaves it), N times through the same client with that logger at INFO and a handler
writing to the null device (as a production application has it: the SDK's DEBUG lines filtered), and
N times through one shared ``httpx.Client`` (the same GET, the body read and decoded from JSON), after
a warm-up of each, in alternating rounds so that none runs only while the machine is busier; prints
one JSON line: ``{"sdkSeconds": ..., "sdkInfoSeconds": ..., "plainSeconds": ..., "calls": N}``. The
SDK is the one on PYTHONPATH, else the committed one (generated/sdk/python/src)."""

from __future__ import annotations

import json
import logging
import os
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

# Rounds of a few calls, each side in turn: a side's rounds and the next side's see the machine alike.
CALLS_PER_ROUND = 10
WARM_UP = 200
SDK_LOGGER = logging.getLogger("email_delivery_api")


def timed(call: Callable[[], object], times: int) -> float:
    started = time.perf_counter()
    for _ in range(times):
        call()
    return time.perf_counter() - started


def main(base_url: str, calls: int) -> None:
    url = base_url.rstrip("/") + "/v1/webhooks"
    with open(os.devnull, "w") as null, email_delivery_api.Client(base_url) as sdk, httpx.Client() as plain:
        info_handler = logging.StreamHandler(null)

        # The logger is the process's: the INFO side configures it for its rounds, the others leave it as the SDK does.
        def log_at_info(on: bool) -> None:
            if on:
                SDK_LOGGER.addHandler(info_handler)
                SDK_LOGGER.setLevel(logging.INFO)
            else:
                SDK_LOGGER.removeHandler(info_handler)
                SDK_LOGGER.setLevel(logging.NOTSET)

        def through_sdk() -> object:
            return sdk.list_webhooks()

        def through_httpx() -> object:
            response = plain.get(url)
            response.raise_for_status()
            return json.loads(response.content) if response.content.strip() else None

        sides = [("sdk", through_sdk, False), ("sdkInfo", through_sdk, True), ("plain", through_httpx, False)]
        for _, call, info in sides:
            log_at_info(info)
            timed(call, WARM_UP)
        rounds: dict[str, list[float]] = {name: [] for name, _, _ in sides}
        per_round = CALLS_PER_ROUND
        round_count = max(calls // CALLS_PER_ROUND, 1)
        for round_ in range(round_count):
            # Each round starts one side further on (a, b, c; b, c, a; ...): every side runs in every
            # place, and none right after itself, whose warm caches a reversed order gave the ends.
            shift = round_ % len(sides)
            for name, call, info in sides[shift:] + sides[:shift]:
                log_at_info(info)
                rounds[name].append(timed(call, per_round))
        seconds = {name: sum(times) for name, times in rounds.items()}
        log_at_info(False)
    print(
        json.dumps(
            {
                "sdkSeconds": round(seconds["sdk"], 4),
                "sdkInfoSeconds": round(seconds["sdkInfo"], 4),
                "plainSeconds": round(seconds["plain"], 4),
                "calls": per_round * round_count,
                "rounds": {name: [round(value, 6) for value in times] for name, times in rounds.items()},
            }
        )
    )


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
