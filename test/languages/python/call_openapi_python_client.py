"""Calls one operation of each request-part kind through the client openapi-python-client
generated, against the base URL given as the only argument, and prints one line per call:
operationId, then the status the client received, or the error it raised."""

import sys

from report import report

from email_delivery_service_api_client import Client
from email_delivery_service_api_client.api.account_and_access import get_api_key, list_scopes, update_user_password
from email_delivery_service_api_client.api.contacts_and_lists import get_unsubscribe_group
from email_delivery_service_api_client.api.messages_and_batches import send_batch
from email_delivery_service_api_client.models import GetApiKeyPairs, SendBatchRequestBody, UpdateUserPasswordRequestBody


client = Client(base_url=sys.argv[1])
report("listScopes", lambda: list_scopes.sync_detailed(client=client))
report("getUnsubscribeGroup", lambda: get_unsubscribe_group.sync_detailed("id 1/é", client=client))
report("getApiKey", lambda: get_api_key.sync_detailed(client=client, pairs=GetApiKeyPairs.from_dict({"name": "value", "two words": "a&b"})))
report("sendBatch", lambda: send_batch.sync_detailed("id 1/é", client=client, body=SendBatchRequestBody.from_dict({"any": 1})))
report("updateUserPassword", lambda: update_user_password.sync_detailed(client=client, body=UpdateUserPasswordRequestBody.from_dict({"any": 1})))
