"""A consumer of the Python SDK written with an overlay that `npm run learn` wrote from recorded
traffic (test/languages/python/overlaid-checks.ts makes the traffic and learns it): the learned fields are
typed attributes and the learned query parameter a typed keyword, so mypy --strict refuses a misspelt
one. Against the base URL it is given, it prints what came back."""

from __future__ import annotations

import sys

from email_delivery_api import Client


def main(base_url: str) -> None:
    with Client(base_url, headers={"X-Api-Key": "key-1"}) as client:
        integration = client.get_integration("int_7")
        assert integration is not None
        count: int | None = integration.count
        print("integration", integration.name, count)
        page = client.list_webhooks(limit=10)
        assert page is not None and page.items is not None
        print("webhooks", [(item.url, item.enabled) for item in page.items], page.nextCursor)


if __name__ == "__main__":
    main(sys.argv[1])
