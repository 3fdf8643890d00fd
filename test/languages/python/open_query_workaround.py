"""The workaround docs/generators.md gives for the open query pairs with openapi-python-client: add
the pairs to the URL yourself, percent-encoded as the description asks, and send the request with
the generated client's own httpx client (its base URL, headers and timeouts)."""

import sys
from urllib.parse import quote, urlencode

from email_delivery_service_api_client import Client

client = Client(base_url=sys.argv[1])
pairs = {"name": "value", "two words": "a&b"}
response = client.get_httpx_client().get("/v1/api-key?" + urlencode(pairs, quote_via=quote, safe=""))
print("getApiKey", response.status_code)
