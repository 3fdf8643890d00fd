"""A consumer of the Python SDK written with the example overlays (test/languages/python/python-tools.ts'
exampleOverlays), of which auth.yaml and bearer.yaml declare two security schemes (ExampleApiKey in
X-Example-Api-Key, ExampleBearer as a bearer token) and idempotency.yaml an Idempotency-Key on
sendBatch, against the base URL it is given
(test/languages/python/overlaid-checks.ts answers each request as the path says). mypy --strict checks the
schemes' names it passes in ``credentials=``. It prints one JSON line per check: what came back, and
what the client and its errors print, which the test searches for the credentials."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from typing import Any, cast

from email_delivery_api import ApiError, AsyncClient, Client
from email_delivery_api.models import SendBatchRequestBody


def say(check: str, value: Any) -> None:
    print(json.dumps({"check": check, "value": value}), flush=True)


def main(base_url: str) -> None:
    # Read when a credential is not passed: docs/mcp.md's variables, EMAIL_DELIVERY_ and the scheme's name in capitals.
    os.environ["EMAIL_DELIVERY_EXAMPLE_API_KEY"] = "env-key-1234"
    os.environ["EMAIL_DELIVERY_EXAMPLE_BEARER"] = "env-token-5678"
    with Client(base_url) as client:
        client.list_webhooks(extra_headers={"X-Case": "environment"})
        say("printed", repr(client))
    # A credential passed wins over its variable; a header given in headers= over both.
    with Client(base_url, credentials={"ExampleApiKey": "given-key-1234"}, headers={"Authorization": "Token header-token-9"}) as client:
        client.list_webhooks(extra_headers={"X-Case": "given"})
    with Client(base_url, credentials={"ExampleApiKey": "given-key-1234", "ExampleBearer": "given-token-5678"}, headers={"X-Example-Api-Key": "header-key-9"}) as client:
        client.list_webhooks(extra_headers={"X-Case": "header"})
    try:
        Client(base_url, credentials=cast(Any, {"ExampleApiKy": "misnamed-secret-1"}))
    except ValueError as error:
        say("unknown scheme", str(error))
    # The credentials echoed in every form a service may send them back: none reaches a text.
    with Client(base_url, credentials={"ExampleApiKey": "echo-Key/+1234", "ExampleBearer": "echo-Token/+567890"}) as client:
        try:
            client.get_integration("echo")
        except ApiError as error:
            say("echoed", {"error": str(error), "excerpt": error.excerpt, "headers": dict(error.headers), "body": error.body, "printed": repr(client)})
    # An idempotency key: one made for the call, or the caller's, the same on each attempt.
    with Client(base_url) as client:
        say("made key", client.send_batch("made", body=SendBatchRequestBody(subject="Hi")))
        say("given key", client.send_batch("given", idempotency_key="my-key-1", body=SendBatchRequestBody(subject="Hi")))
        say("one attempt", _once(client))

    async def made_async() -> Any:
        async with AsyncClient(base_url) as client:
            return await client.send_batch("async", body=SendBatchRequestBody(subject="Hi"))

    say("async made key", asyncio.run(made_async()))


def _once(client: Client) -> int:
    """A keyed POST with max_retries=0 is sent once: the status of the error it raises."""
    try:
        client.with_options(max_retries=0).send_batch("once", body=SendBatchRequestBody(subject="Hi"))
    except ApiError as error:
        return error.status
    return 0


if __name__ == "__main__":
    main(sys.argv[1])
