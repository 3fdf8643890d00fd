"""A consumer of the Python SDK, as a user writes one: every operation of the description, through
``Client`` and then ``AsyncClient``, against the base URL it is given (the languages tier gives it the
Prism mock, which answers a request that breaks the description with an error). One line per call:
``<sync|async> <operationId> <the type of what came back>``. mypy --strict checks the arguments of
every call against both clients (test/languages/python-sdk.test.ts)."""

from __future__ import annotations

import asyncio
import inspect
import sys
from collections.abc import Callable
from typing import Any

from email_delivery_api import AsyncClient, Client

# An id that is more than letters goes out as one percent-encoded path segment; open query pairs
# go out as plain name=value pairs; an open body is any JSON object.
ID = "id 1/é"
PAIRS = {"name": "value", "two words": "a&b"}
BODY = {"any": 1}


def calls(client: Client | AsyncClient) -> list[tuple[str, Callable[[], Any]]]:
    """Each operation and its call, the same for both clients."""
    return [
        ("listScopes", lambda: client.list_scopes()),
        ("getApiKey", lambda: client.get_api_key(pairs=PAIRS)),
        ("listUnsubscribeGroups", lambda: client.list_unsubscribe_groups()),
        ("getUnsubscribeGroup", lambda: client.get_unsubscribe_group(ID)),
        ("replaceUnsubscribeGroup", lambda: client.replace_unsubscribe_group(ID, body=BODY)),
        ("deleteUnsubscribeGroup", lambda: client.delete_unsubscribe_group(ID)),
        ("getInboundWebhook", lambda: client.get_inbound_webhook(ID)),
        ("getAccessibilityResult", lambda: client.get_accessibility_result(ID)),
        ("getLinkValidation", lambda: client.get_link_validation()),
        ("listSubaccountEngagementScores", lambda: client.list_subaccount_engagement_scores()),
        ("deleteVerifiedSender", lambda: client.delete_verified_sender(ID)),
        ("exportContacts", lambda: client.export_contacts()),
        ("sendBatch", lambda: client.send_batch(ID, body=BODY)),
        ("replaceLinkBranding", lambda: client.replace_link_branding(ID, body=BODY)),
        ("listDelayReasonMetrics", lambda: client.list_delay_reason_metrics()),
        ("getIntegration", lambda: client.get_integration(ID)),
        ("getFooterSetting", lambda: client.get_footer_setting()),
        ("deleteMessage", lambda: client.delete_message(ID)),
        ("getMessageStatus", lambda: client.get_message_status(pairs=PAIRS)),
        ("updateUserPassword", lambda: client.update_user_password(body=BODY)),
        ("getReputationScore", lambda: client.get_reputation_score()),
        ("deleteIntegrations", lambda: client.delete_integrations()),
        ("getMailSettings", lambda: client.get_mail_settings()),
        ("listCustomFields", lambda: client.list_custom_fields()),
        ("getEnforcedTlsSetting", lambda: client.get_enforced_tls_setting()),
        ("deleteWebhook", lambda: client.delete_webhook(ID)),
        ("listWebhooks", lambda: client.list_webhooks()),
        ("getQuotaHistory", lambda: client.get_quota_history()),
        ("listQuotas", lambda: client.list_quotas()),
    ]


def run_sync(base_url: str) -> None:
    with Client(base_url, headers={"X-Api-Key": "key-1"}) as client:
        for operation, call in calls(client):
            print(f"sync {operation} {type(call()).__name__}")


async def run_async(base_url: str) -> None:
    async with AsyncClient(base_url, headers={"X-Api-Key": "key-1"}) as client:
        for operation, call in calls(client):
            answer = call()
            assert inspect.isawaitable(answer)
            print(f"async {operation} {type(await answer).__name__}")


if __name__ == "__main__":
    run_sync(sys.argv[1])
    asyncio.run(run_async(sys.argv[1]))
