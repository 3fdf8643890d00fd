"""A consumer of the Python SDK, as a user writes one, run from the installed package: every
operation of the description, through ``Client`` and then ``AsyncClient``, against the base URL it is
given (test/languages/python/package-checks.ts gives it a recording server that answers each
operation with its success status and ``{"ok": true}``), with the arguments the package test gives
each operation's request part (``consumerArguments`` of test/support/sdk-package.ts, as JSON) and
the credential it is given in ``X-Api-Key``. One line per call: ``<operationId> ok`` when the call
returned the answer's body. mypy --strict checks the arguments of every call against both clients.

Usage: call_sdk.py <base URL> <X-Api-Key> <the arguments by request part, as JSON>"""

from __future__ import annotations

import asyncio
import inspect
import json
import sys
from collections.abc import Callable
from typing import Any

from email_delivery_api import AsyncClient, Client


class Given:
    """The arguments of each request part: an ``id``, open query ``pairs``, a JSON ``body``."""

    def __init__(self, by_part: dict[str, dict[str, Any]]) -> None:
        self.id: str = by_part["id"]["id"]
        self.pairs: dict[str, str] = by_part["query"]["query"]
        self.id_with_body: str = by_part["id+optional-body"]["id"]
        self.optional_body: dict[str, Any] = by_part["id+optional-body"]["body"]
        self.required_body: dict[str, Any] = by_part["required-body"]["body"]


def calls(client: Client | AsyncClient, given: Given) -> list[tuple[str, Callable[[], Any]]]:
    """Each operation and its call, the same for both clients."""
    return [
        ("listScopes", lambda: client.list_scopes()),
        ("getApiKey", lambda: client.get_api_key(pairs=given.pairs)),
        ("listUnsubscribeGroups", lambda: client.list_unsubscribe_groups()),
        ("getUnsubscribeGroup", lambda: client.get_unsubscribe_group(given.id)),
        ("replaceUnsubscribeGroup", lambda: client.replace_unsubscribe_group(given.id_with_body, body=given.optional_body)),
        ("deleteUnsubscribeGroup", lambda: client.delete_unsubscribe_group(given.id)),
        ("getInboundWebhook", lambda: client.get_inbound_webhook(given.id)),
        ("getAccessibilityResult", lambda: client.get_accessibility_result(given.id)),
        ("getLinkValidation", lambda: client.get_link_validation()),
        ("listSubaccountEngagementScores", lambda: client.list_subaccount_engagement_scores()),
        ("deleteVerifiedSender", lambda: client.delete_verified_sender(given.id)),
        ("exportContacts", lambda: client.export_contacts()),
        ("sendBatch", lambda: client.send_batch(given.id_with_body, body=given.optional_body)),
        ("replaceLinkBranding", lambda: client.replace_link_branding(given.id_with_body, body=given.optional_body)),
        ("listDelayReasonMetrics", lambda: client.list_delay_reason_metrics()),
        ("getIntegration", lambda: client.get_integration(given.id)),
        ("getFooterSetting", lambda: client.get_footer_setting()),
        ("deleteMessage", lambda: client.delete_message(given.id)),
        ("getMessageStatus", lambda: client.get_message_status(pairs=given.pairs)),
        ("updateUserPassword", lambda: client.update_user_password(body=given.required_body)),
        ("getReputationScore", lambda: client.get_reputation_score()),
        ("deleteIntegrations", lambda: client.delete_integrations()),
        ("getMailSettings", lambda: client.get_mail_settings()),
        ("listCustomFields", lambda: client.list_custom_fields()),
        ("getEnforcedTlsSetting", lambda: client.get_enforced_tls_setting()),
        ("deleteWebhook", lambda: client.delete_webhook(given.id)),
        ("listWebhooks", lambda: client.list_webhooks()),
        ("getQuotaHistory", lambda: client.get_quota_history()),
        ("listQuotas", lambda: client.list_quotas()),
    ]


def said(operation: str, answer: Any) -> str:
    """``<operationId> ok`` when the call returned the body the server sent, else what it returned."""
    return f"{operation} ok" if answer == {"ok": True} else f"{operation} returned {answer!r}"


def run_sync(base_url: str, key: str, given: Given) -> None:
    with Client(base_url, headers={"X-Api-Key": key}) as client:
        for operation, call in calls(client, given):
            print(said(operation, call()))


async def run_async(base_url: str, key: str, given: Given) -> None:
    async with AsyncClient(base_url, headers={"X-Api-Key": key}) as client:
        for operation, call in calls(client, given):
            answer = call()
            assert inspect.isawaitable(answer)
            print(said(operation, await answer))


if __name__ == "__main__":
    base_url, key, given = sys.argv[1], sys.argv[2], Given(json.loads(sys.argv[3]))
    run_sync(base_url, key, given)
    asyncio.run(run_async(base_url, key, given))
