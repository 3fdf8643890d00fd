"""Calls listWebhooks with a cursor, tags and a session cookie, and sendBatch with an
Idempotency-Key, through the client openapi-python-client generated from the description with
examples/overlays/paging.yaml, idempotency.yaml and test/fixtures/overlays/parameters.yaml, against the base URL given as the only argument, and prints
the status of each call."""

import sys

from email_delivery_service_api_client import Client
from email_delivery_service_api_client.api.messages_and_batches import send_batch
from email_delivery_service_api_client.api.webhooks import list_webhooks

client = Client(base_url=sys.argv[1])
print(list_webhooks.sync_detailed(client=client, cursor="page 2/é", tags=["red", "a,b"], session="s 1;x").status_code)
print(send_batch.sync_detailed("b1", client=client, idempotency_key="key-1").status_code)
