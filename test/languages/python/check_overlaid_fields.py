"""What openapi-python-client made of the example overlays' fields (examples/overlays/fields.yaml):
typed attributes, the JSON names on the wire, an enum for the status, and a required field that
must be there. Prints one line per fact; the test compares them."""

import datetime

from email_delivery_service_api_client.models.get_message_status_response_body import GetMessageStatusResponseBody
from email_delivery_service_api_client.models.send_batch_request_body import SendBatchRequestBody

request = SendBatchRequestBody(subject="Hello", send_at=datetime.datetime(2026, 11, 22, 10, 0, tzinfo=datetime.timezone.utc))
print("request", sorted(request.to_dict().items()))
status = GetMessageStatusResponseBody.from_dict({"state": "delivered"})
print("state", type(status.state).__name__, status.state.value)
try:
    SendBatchRequestBody.from_dict({})
    print("subject not required")
except KeyError as error:
    print("missing", error)
