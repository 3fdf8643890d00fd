// Typed client of the Email Delivery Service API (openapi-fetch).
// Generated from generated/openapi.json by `npm run build`. Do not edit: change openapi/ and rebuild.
import { checkCall, createDescribedClient } from './client-runtime.js';
export { CookieParameterError, CrossOriginRedirectError, defaultMaxResponseBytes, defaultMaxRetries, defaultTimeoutMs, MissingArgumentError, RedirectRefusedError, ResponseBodyError, ResponseTooLargeError, serializeQuery, UnknownArgumentError, UnsafePathParameterError, } from './client-runtime.js';
/** The version of the description this client was generated from (`info.version`): log it to know which one you call with. */
export const descriptionVersion = "1.5.1";
/** The version of the package this client ships in. */
export const packageVersion = "1.5.1";
/** What the client sends as its User-Agent under Node, unless a header or a middleware sets one (a browser sends its own). */
const userAgent = "email-delivery-api-typescript/1.5.1";
/** The `{base_url}` server variable's default: the local mock server (`npm run mock`). */
export const defaultBaseUrl = 'http://127.0.0.1:4010';
/** Every operation, keyed by `METHOD /path/template`. */
export const operationIds = {
    'GET /v1/scopes': 'listScopes',
    'GET /v1/api-key': 'getApiKey',
    'GET /v1/unsubscribe-groups': 'listUnsubscribeGroups',
    'GET /v1/unsubscribe-groups/{id}': 'getUnsubscribeGroup',
    'PUT /v1/unsubscribe-groups/{id}': 'replaceUnsubscribeGroup',
    'DELETE /v1/unsubscribe-groups/{id}': 'deleteUnsubscribeGroup',
    'GET /v1/inbound-webhooks/{id}': 'getInboundWebhook',
    'GET /v1/email-testing/accessibility/{id}': 'getAccessibilityResult',
    'GET /v1/email-testing/link-validation': 'getLinkValidation',
    'GET /v1/engagement/subaccount-scores': 'listSubaccountEngagementScores',
    'DELETE /v2/verified-senders/{id}': 'deleteVerifiedSender',
    'POST /v2/contacts/export/filter': 'exportContacts',
    'POST /v1/batches/{id}/send': 'sendBatch',
    'PUT /v1/link-branding/{id}': 'replaceLinkBranding',
    'GET /v1/metrics/delay-reasons': 'listDelayReasonMetrics',
    'GET /v1/integrations/{id}': 'getIntegration',
    'GET /v1/mail-settings/footer': 'getFooterSetting',
    'DELETE /v1/messages/{id}': 'deleteMessage',
    'GET /v1/messages/status': 'getMessageStatus',
    'PATCH /v1/user/password': 'updateUserPassword',
    'GET /v1/reputation/score': 'getReputationScore',
    'DELETE /v1/integrations': 'deleteIntegrations',
    'GET /v1/mail-settings': 'getMailSettings',
    'GET /v1/custom-fields': 'listCustomFields',
    'GET /v1/enforced-tls': 'getEnforcedTlsSetting',
    'DELETE /v1/webhooks/{id}': 'deleteWebhook',
    'GET /v1/webhooks': 'listWebhooks',
    'GET /v1/quotas/history': 'getQuotaHistory',
    'GET /v1/quotas': 'listQuotas',
};
/** How each operation's query, header and cookie parameters travel (style and explode), keyed by `METHOD /path/template`. */
export const parameterStyles = {
    'GET /v1/api-key': [{ name: "pairs", in: 'query', style: 'form', explode: true }],
    'GET /v1/messages/status': [{ name: "pairs", in: 'query', style: 'form', explode: true }],
};
/**
 * Creates a client. Call operations by path (`client.GET('/v1/webhooks')`) or by name
 * (`listWebhooks(client)`). Non-2xx responses come back as `error`; a network failure or an
 * abort rejects with its cause.
 */
export function createEmailDeliveryClient(options = {}) {
    return createDescribedClient(options, { defaultBaseUrl, operationIds, parameters: parameterStyles, userAgent });
}
/** List scopes: `GET /v1/scopes`, answering 200 with `Schemas['ListScopesResponseBody']`. */
export async function listScopes(client, options = {}) {
    checkCall('listScopes', undefined, client, undefined, options);
    return client.GET('/v1/scopes', { ...options });
}
/** Get the API key: `GET /v1/api-key`, answering 200 with `Schemas['GetApiKeyResponseBody']`. */
export async function getApiKey(client, args = {}, options = {}) {
    checkCall('getApiKey', ["query"], client, args, options);
    return client.GET('/v1/api-key', { ...options, params: { query: { pairs: args.query } } });
}
/** List unsubscribe groups: `GET /v1/unsubscribe-groups`, answering 200 with `Schemas['ListUnsubscribeGroupsResponseBody']`. */
export async function listUnsubscribeGroups(client, options = {}) {
    checkCall('listUnsubscribeGroups', undefined, client, undefined, options);
    return client.GET('/v1/unsubscribe-groups', { ...options });
}
/** Get an unsubscribe group: `GET /v1/unsubscribe-groups/{id}`, answering 200 with `Schemas['GetUnsubscribeGroupResponseBody']`. */
export async function getUnsubscribeGroup(client, args, options = {}) {
    checkCall('getUnsubscribeGroup', ["id"], client, args, options);
    return client.GET('/v1/unsubscribe-groups/{id}', { ...options, params: { path: { id: args.id } } });
}
/** Replace an unsubscribe group: `PUT /v1/unsubscribe-groups/{id}`, answering 200 with `Schemas['ReplaceUnsubscribeGroupResponseBody']`. */
export async function replaceUnsubscribeGroup(client, args, options = {}) {
    checkCall('replaceUnsubscribeGroup', ["id", "body"], client, args, options);
    return client.PUT('/v1/unsubscribe-groups/{id}', { ...options, params: { path: { id: args.id } }, body: args.body });
}
/** Delete an unsubscribe group: `DELETE /v1/unsubscribe-groups/{id}`, answering 200 with `Schemas['DeleteUnsubscribeGroupResponseBody']`. */
export async function deleteUnsubscribeGroup(client, args, options = {}) {
    checkCall('deleteUnsubscribeGroup', ["id"], client, args, options);
    return client.DELETE('/v1/unsubscribe-groups/{id}', { ...options, params: { path: { id: args.id } } });
}
/** Get an inbound webhook: `GET /v1/inbound-webhooks/{id}`, answering 200 with `Schemas['GetInboundWebhookResponseBody']`. */
export async function getInboundWebhook(client, args, options = {}) {
    checkCall('getInboundWebhook', ["id"], client, args, options);
    return client.GET('/v1/inbound-webhooks/{id}', { ...options, params: { path: { id: args.id } } });
}
/** Get an accessibility test result: `GET /v1/email-testing/accessibility/{id}`, answering 200 with `Schemas['GetAccessibilityResultResponseBody']`. */
export async function getAccessibilityResult(client, args, options = {}) {
    checkCall('getAccessibilityResult', ["id"], client, args, options);
    return client.GET('/v1/email-testing/accessibility/{id}', { ...options, params: { path: { id: args.id } } });
}
/** Get the link validation: `GET /v1/email-testing/link-validation`, answering 200 with `Schemas['GetLinkValidationResponseBody']`. */
export async function getLinkValidation(client, options = {}) {
    checkCall('getLinkValidation', undefined, client, undefined, options);
    return client.GET('/v1/email-testing/link-validation', { ...options });
}
/** List subaccount engagement scores: `GET /v1/engagement/subaccount-scores`, answering 200 with `Schemas['ListSubaccountEngagementScoresResponseBody']`. */
export async function listSubaccountEngagementScores(client, options = {}) {
    checkCall('listSubaccountEngagementScores', undefined, client, undefined, options);
    return client.GET('/v1/engagement/subaccount-scores', { ...options });
}
/** Delete a verified sender: `DELETE /v2/verified-senders/{id}`, answering 200 with `Schemas['DeleteVerifiedSenderResponseBody']`. */
export async function deleteVerifiedSender(client, args, options = {}) {
    checkCall('deleteVerifiedSender', ["id"], client, args, options);
    return client.DELETE('/v2/verified-senders/{id}', { ...options, params: { path: { id: args.id } } });
}
/** Export contacts by filter: `POST /v2/contacts/export/filter`, answering 200 with `Schemas['ExportContactsResponseBody']`. */
export async function exportContacts(client, options = {}) {
    checkCall('exportContacts', undefined, client, undefined, options);
    return client.POST('/v2/contacts/export/filter', { ...options });
}
/** Send a batch: `POST /v1/batches/{id}/send`, answering 201 with `Schemas['SendBatchResponseBody']`. */
export async function sendBatch(client, args, options = {}) {
    checkCall('sendBatch', ["id", "body"], client, args, options);
    return client.POST('/v1/batches/{id}/send', { ...options, params: { path: { id: args.id } }, body: args.body });
}
/** Replace a link branding: `PUT /v1/link-branding/{id}`, answering 200 with `Schemas['ReplaceLinkBrandingResponseBody']`. */
export async function replaceLinkBranding(client, args, options = {}) {
    checkCall('replaceLinkBranding', ["id", "body"], client, args, options);
    return client.PUT('/v1/link-branding/{id}', { ...options, params: { path: { id: args.id } }, body: args.body });
}
/** List delay-reason metrics: `GET /v1/metrics/delay-reasons`, answering 200 with `Schemas['ListDelayReasonMetricsResponseBody']`. */
export async function listDelayReasonMetrics(client, options = {}) {
    checkCall('listDelayReasonMetrics', undefined, client, undefined, options);
    return client.GET('/v1/metrics/delay-reasons', { ...options });
}
/** Get an integration: `GET /v1/integrations/{id}`, answering 200 with `Schemas['GetIntegrationResponseBody']`. */
export async function getIntegration(client, args, options = {}) {
    checkCall('getIntegration', ["id"], client, args, options);
    return client.GET('/v1/integrations/{id}', { ...options, params: { path: { id: args.id } } });
}
/** Get the footer mail setting: `GET /v1/mail-settings/footer`, answering 200 with `Schemas['GetFooterSettingResponseBody']`. */
export async function getFooterSetting(client, options = {}) {
    checkCall('getFooterSetting', undefined, client, undefined, options);
    return client.GET('/v1/mail-settings/footer', { ...options });
}
/** Delete a message: `DELETE /v1/messages/{id}`, answering 200 with `Schemas['DeleteMessageResponseBody']`. */
export async function deleteMessage(client, args, options = {}) {
    checkCall('deleteMessage', ["id"], client, args, options);
    return client.DELETE('/v1/messages/{id}', { ...options, params: { path: { id: args.id } } });
}
/** Get message status: `GET /v1/messages/status`, answering 200 with `Schemas['GetMessageStatusResponseBody']`. */
export async function getMessageStatus(client, args = {}, options = {}) {
    checkCall('getMessageStatus', ["query"], client, args, options);
    return client.GET('/v1/messages/status', { ...options, params: { query: { pairs: args.query } } });
}
/** Update the user password: `PATCH /v1/user/password`, answering 200 with `Schemas['UpdateUserPasswordResponseBody']`. */
export async function updateUserPassword(client, args, options = {}) {
    checkCall('updateUserPassword', ["body"], client, args, options);
    return client.PATCH('/v1/user/password', { ...options, body: args.body });
}
/** Get the reputation score: `GET /v1/reputation/score`, answering 200 with `Schemas['GetReputationScoreResponseBody']`. */
export async function getReputationScore(client, options = {}) {
    checkCall('getReputationScore', undefined, client, undefined, options);
    return client.GET('/v1/reputation/score', { ...options });
}
/** Delete integrations: `DELETE /v1/integrations`, answering 200 with `Schemas['DeleteIntegrationsResponseBody']`. */
export async function deleteIntegrations(client, options = {}) {
    checkCall('deleteIntegrations', undefined, client, undefined, options);
    return client.DELETE('/v1/integrations', { ...options });
}
/** Get mail settings: `GET /v1/mail-settings`, answering 200 with `Schemas['GetMailSettingsResponseBody']`. */
export async function getMailSettings(client, options = {}) {
    checkCall('getMailSettings', undefined, client, undefined, options);
    return client.GET('/v1/mail-settings', { ...options });
}
/** List custom fields: `GET /v1/custom-fields`, answering 200 with `Schemas['ListCustomFieldsResponseBody']`. */
export async function listCustomFields(client, options = {}) {
    checkCall('listCustomFields', undefined, client, undefined, options);
    return client.GET('/v1/custom-fields', { ...options });
}
/** Get the enforced TLS setting: `GET /v1/enforced-tls`, answering 200 with `Schemas['GetEnforcedTlsSettingResponseBody']`. */
export async function getEnforcedTlsSetting(client, options = {}) {
    checkCall('getEnforcedTlsSetting', undefined, client, undefined, options);
    return client.GET('/v1/enforced-tls', { ...options });
}
/** Delete a webhook: `DELETE /v1/webhooks/{id}`, answering 200 with `Schemas['DeleteWebhookResponseBody']`. */
export async function deleteWebhook(client, args, options = {}) {
    checkCall('deleteWebhook', ["id"], client, args, options);
    return client.DELETE('/v1/webhooks/{id}', { ...options, params: { path: { id: args.id } } });
}
/** List webhooks: `GET /v1/webhooks`, answering 200 with `Schemas['ListWebhooksResponseBody']`. */
export async function listWebhooks(client, options = {}) {
    checkCall('listWebhooks', undefined, client, undefined, options);
    return client.GET('/v1/webhooks', { ...options });
}
/** Get quota history: `GET /v1/quotas/history`, answering 200 with `Schemas['GetQuotaHistoryResponseBody']`. */
export async function getQuotaHistory(client, options = {}) {
    checkCall('getQuotaHistory', undefined, client, undefined, options);
    return client.GET('/v1/quotas/history', { ...options });
}
/** List quotas: `GET /v1/quotas`, answering 200 with `Schemas['ListQuotasResponseBody']`. */
export async function listQuotas(client, options = {}) {
    checkCall('listQuotas', undefined, client, undefined, options);
    return client.GET('/v1/quotas', { ...options });
}
