"""Calls one operation of each request-part kind through the client OpenAPI Generator (python)
generated, against the base URL given as the only argument, and prints one line per call:
operationId, then the status the client received, or the error it raised."""

import sys

from report import report

from email_delivery import AccountAndAccessApi, ApiClient, Configuration, ContactsAndListsApi, MessagesAndBatchesApi


client = ApiClient(Configuration(host=sys.argv[1]))
account = AccountAndAccessApi(client)
body = {"any": 1}
report("listScopes", lambda: account.list_scopes_with_http_info())
report("getUnsubscribeGroup", lambda: ContactsAndListsApi(client).get_unsubscribe_group_with_http_info("id 1/é"))
report("getApiKey", lambda: account.get_api_key_with_http_info(pairs={"name": "value", "two words": "a&b"}))
report("sendBatch", lambda: MessagesAndBatchesApi(client).send_batch_with_http_info("id 1/é", request_body=body))
report("updateUserPassword", lambda: account.update_user_password_with_http_info(request_body=body))
