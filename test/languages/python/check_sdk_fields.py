"""A consumer of the Python SDK written with the example overlays (fields.yaml, paging.yaml,
idempotency.yaml) and the test fixture parameters.yaml, which type the fields of a batch, a message's
state and a page of webhooks, and add a cursor, tags, a cookie and an idempotency key: mypy --strict
checks every field and parameter it names, and a misspelt one is an error
(test/languages/python/overlaid-checks.ts). Against the base URL it is given, it prints what came back."""

from __future__ import annotations

import sys
from datetime import datetime, timezone

from email_delivery_api import Client
from email_delivery_api.models import SendBatchRequestBody


def main(base_url: str) -> None:
    with Client(base_url) as client:
        page = client.list_webhooks(cursor="page 2/é", tags=["red", "a,b"], session="s 1;x")
        assert page is not None
        print("page", [item.url for item in page.items], page.nextCursor)
        batch = SendBatchRequestBody(subject="Hello", sendAt=datetime(2026, 11, 22, 10, tzinfo=timezone.utc))
        print("sent", client.send_batch("b1", idempotency_key="key-1", body=batch))
        # with_response: the answer's status and headers beside its typed body.
        answered = client.with_response.get_message_status(pairs={"id": "m1"})
        status = answered.body
        assert status is not None
        delivered: bool = status.state == "delivered"
        print("state", answered.status, answered.headers["content-type"], status.state, delivered)


if __name__ == "__main__":
    main(sys.argv[1])
