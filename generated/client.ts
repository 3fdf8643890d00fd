// Typed client of the Email Delivery Service API (openapi-fetch).
// Generated from generated/openapi.json by `npm run build`. Do not edit: change openapi/ and rebuild.

import type { Client, FetchResponse } from 'openapi-fetch';
import { type CallOptions, checkCall, createDescribedClient, type EmailDeliveryClientOptions, type ParameterStyle } from './client-runtime.js';
import type { components, operations, paths } from './schema.js';

export {
  CookieParameterError,
  CrossOriginRedirectError,
  defaultMaxResponseBytes,
  defaultMaxRetries,
  defaultTimeoutMs,
  MissingArgumentError,
  RedirectRefusedError,
  ResponseBodyError,
  ResponseTooLargeError,
  serializeQuery,
  UnknownArgumentError,
  UnsafePathParameterError,
} from './client-runtime.js';
export type { CallOptions, EmailDeliveryClientOptions, ParameterStyle } from './client-runtime.js';
export type { components, operations, paths };
/** The description's named schemas, by name; the names they had before 1.0.0 still work, deprecated. */
export type Schemas = components['schemas'] & {
  /** @deprecated Renamed `ErrorBody` in 1.0.0; this name goes in the next major version. */
  Error: components['schemas']['ErrorBody'];
  /** @deprecated Renamed `ListScopesResponseBody` in 1.0.0; this name goes in the next major version. */
  ListScopesResponse: components['schemas']['ListScopesResponseBody'];
  /** @deprecated Renamed `GetApiKeyResponseBody` in 1.0.0; this name goes in the next major version. */
  GetApiKeyResponse: components['schemas']['GetApiKeyResponseBody'];
  /** @deprecated Renamed `ListUnsubscribeGroupsResponseBody` in 1.0.0; this name goes in the next major version. */
  ListUnsubscribeGroupsResponse: components['schemas']['ListUnsubscribeGroupsResponseBody'];
  /** @deprecated Renamed `GetUnsubscribeGroupResponseBody` in 1.0.0; this name goes in the next major version. */
  GetUnsubscribeGroupResponse: components['schemas']['GetUnsubscribeGroupResponseBody'];
  /** @deprecated Renamed `ReplaceUnsubscribeGroupRequestBody` in 1.0.0; this name goes in the next major version. */
  ReplaceUnsubscribeGroupRequest: components['schemas']['ReplaceUnsubscribeGroupRequestBody'];
  /** @deprecated Renamed `ReplaceUnsubscribeGroupResponseBody` in 1.0.0; this name goes in the next major version. */
  ReplaceUnsubscribeGroupResponse: components['schemas']['ReplaceUnsubscribeGroupResponseBody'];
  /** @deprecated Renamed `DeleteUnsubscribeGroupResponseBody` in 1.0.0; this name goes in the next major version. */
  DeleteUnsubscribeGroupResponse: components['schemas']['DeleteUnsubscribeGroupResponseBody'];
  /** @deprecated Renamed `GetInboundWebhookResponseBody` in 1.0.0; this name goes in the next major version. */
  GetInboundWebhookResponse: components['schemas']['GetInboundWebhookResponseBody'];
  /** @deprecated Renamed `GetAccessibilityResultResponseBody` in 1.0.0; this name goes in the next major version. */
  GetAccessibilityResultResponse: components['schemas']['GetAccessibilityResultResponseBody'];
  /** @deprecated Renamed `GetLinkValidationResponseBody` in 1.0.0; this name goes in the next major version. */
  GetLinkValidationResponse: components['schemas']['GetLinkValidationResponseBody'];
  /** @deprecated Renamed `ListSubaccountEngagementScoresResponseBody` in 1.0.0; this name goes in the next major version. */
  ListSubaccountEngagementScoresResponse: components['schemas']['ListSubaccountEngagementScoresResponseBody'];
  /** @deprecated Renamed `DeleteVerifiedSenderResponseBody` in 1.0.0; this name goes in the next major version. */
  DeleteVerifiedSenderResponse: components['schemas']['DeleteVerifiedSenderResponseBody'];
  /** @deprecated Renamed `ExportContactsResponseBody` in 1.0.0; this name goes in the next major version. */
  ExportContactsResponse: components['schemas']['ExportContactsResponseBody'];
  /** @deprecated Renamed `SendBatchRequestBody` in 1.0.0; this name goes in the next major version. */
  SendBatchRequest: components['schemas']['SendBatchRequestBody'];
  /** @deprecated Renamed `SendBatchResponseBody` in 1.0.0; this name goes in the next major version. */
  SendBatchResponse: components['schemas']['SendBatchResponseBody'];
  /** @deprecated Renamed `ReplaceLinkBrandingRequestBody` in 1.0.0; this name goes in the next major version. */
  ReplaceLinkBrandingRequest: components['schemas']['ReplaceLinkBrandingRequestBody'];
  /** @deprecated Renamed `ReplaceLinkBrandingResponseBody` in 1.0.0; this name goes in the next major version. */
  ReplaceLinkBrandingResponse: components['schemas']['ReplaceLinkBrandingResponseBody'];
  /** @deprecated Renamed `ListDelayReasonMetricsResponseBody` in 1.0.0; this name goes in the next major version. */
  ListDelayReasonMetricsResponse: components['schemas']['ListDelayReasonMetricsResponseBody'];
  /** @deprecated Renamed `GetIntegrationResponseBody` in 1.0.0; this name goes in the next major version. */
  GetIntegrationResponse: components['schemas']['GetIntegrationResponseBody'];
  /** @deprecated Renamed `GetFooterSettingResponseBody` in 1.0.0; this name goes in the next major version. */
  GetFooterSettingResponse: components['schemas']['GetFooterSettingResponseBody'];
  /** @deprecated Renamed `DeleteMessageResponseBody` in 1.0.0; this name goes in the next major version. */
  DeleteMessageResponse: components['schemas']['DeleteMessageResponseBody'];
  /** @deprecated Renamed `GetMessageStatusResponseBody` in 1.0.0; this name goes in the next major version. */
  GetMessageStatusResponse: components['schemas']['GetMessageStatusResponseBody'];
  /** @deprecated Renamed `UpdateUserPasswordRequestBody` in 1.0.0; this name goes in the next major version. */
  UpdateUserPasswordRequest: components['schemas']['UpdateUserPasswordRequestBody'];
  /** @deprecated Renamed `UpdateUserPasswordResponseBody` in 1.0.0; this name goes in the next major version. */
  UpdateUserPasswordResponse: components['schemas']['UpdateUserPasswordResponseBody'];
  /** @deprecated Renamed `GetReputationScoreResponseBody` in 1.0.0; this name goes in the next major version. */
  GetReputationScoreResponse: components['schemas']['GetReputationScoreResponseBody'];
  /** @deprecated Renamed `DeleteIntegrationsResponseBody` in 1.0.0; this name goes in the next major version. */
  DeleteIntegrationsResponse: components['schemas']['DeleteIntegrationsResponseBody'];
  /** @deprecated Renamed `GetMailSettingsResponseBody` in 1.0.0; this name goes in the next major version. */
  GetMailSettingsResponse: components['schemas']['GetMailSettingsResponseBody'];
  /** @deprecated Renamed `ListCustomFieldsResponseBody` in 1.0.0; this name goes in the next major version. */
  ListCustomFieldsResponse: components['schemas']['ListCustomFieldsResponseBody'];
  /** @deprecated Renamed `GetEnforcedTlsSettingResponseBody` in 1.0.0; this name goes in the next major version. */
  GetEnforcedTlsSettingResponse: components['schemas']['GetEnforcedTlsSettingResponseBody'];
  /** @deprecated Renamed `DeleteWebhookResponseBody` in 1.0.0; this name goes in the next major version. */
  DeleteWebhookResponse: components['schemas']['DeleteWebhookResponseBody'];
  /** @deprecated Renamed `ListWebhooksResponseBody` in 1.0.0; this name goes in the next major version. */
  ListWebhooksResponse: components['schemas']['ListWebhooksResponseBody'];
  /** @deprecated Renamed `GetQuotaHistoryResponseBody` in 1.0.0; this name goes in the next major version. */
  GetQuotaHistoryResponse: components['schemas']['GetQuotaHistoryResponseBody'];
  /** @deprecated Renamed `ListQuotasResponseBody` in 1.0.0; this name goes in the next major version. */
  ListQuotasResponse: components['schemas']['ListQuotasResponseBody'];
};

/** What an operation function resolves to: `{ data, response }` on success, `{ error, response }` otherwise. */
export type OperationResult<Id extends keyof operations> = Promise<FetchResponse<operations[Id], CallOptions, 'application/json'>>;

export type EmailDeliveryClient = Client<paths, 'application/json'>;

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
} as const;

export type OperationId = (typeof operationIds)[keyof typeof operationIds];

/** How each operation's query, header and cookie parameters travel (style and explode), keyed by `METHOD /path/template`. */
export const parameterStyles: Readonly<Record<string, readonly ParameterStyle[]>> = {
  'GET /v1/api-key': [{ name: "pairs", in: 'query', style: 'form', explode: true }],
  'GET /v1/messages/status': [{ name: "pairs", in: 'query', style: 'form', explode: true }],
};

/**
 * Creates a client. Call operations by path (`client.GET('/v1/webhooks')`) or by name
 * (`listWebhooks(client)`). Non-2xx responses come back as `error`; a network failure or an
 * abort rejects with its cause.
 */
export function createEmailDeliveryClient(options: EmailDeliveryClientOptions = {}): EmailDeliveryClient {
  return createDescribedClient<paths>(options, { defaultBaseUrl, operationIds, parameters: parameterStyles, userAgent });
}

/** List scopes: `GET /v1/scopes`, answering 200 with `Schemas['ListScopesResponseBody']`. */
export async function listScopes(client: EmailDeliveryClient, options: CallOptions = {}): OperationResult<'listScopes'> {
  checkCall('listScopes', undefined, client, undefined, options);
  return client.GET('/v1/scopes', { ...options });
}

/** Get the API key: `GET /v1/api-key`, answering 200 with `Schemas['GetApiKeyResponseBody']`. */
export async function getApiKey(client: EmailDeliveryClient, args: { query?: Record<string, string> } = {}, options: CallOptions = {}): OperationResult<'getApiKey'> {
  checkCall('getApiKey', ["query"], client, args, options);
  return client.GET('/v1/api-key', { ...options, params: { query: { pairs: args.query } } });
}

/** List unsubscribe groups: `GET /v1/unsubscribe-groups`, answering 200 with `Schemas['ListUnsubscribeGroupsResponseBody']`. */
export async function listUnsubscribeGroups(client: EmailDeliveryClient, options: CallOptions = {}): OperationResult<'listUnsubscribeGroups'> {
  checkCall('listUnsubscribeGroups', undefined, client, undefined, options);
  return client.GET('/v1/unsubscribe-groups', { ...options });
}

/** Get an unsubscribe group: `GET /v1/unsubscribe-groups/{id}`, answering 200 with `Schemas['GetUnsubscribeGroupResponseBody']`. */
export async function getUnsubscribeGroup(client: EmailDeliveryClient, args: { id: string }, options: CallOptions = {}): OperationResult<'getUnsubscribeGroup'> {
  checkCall('getUnsubscribeGroup', ["id"], client, args, options);
  return client.GET('/v1/unsubscribe-groups/{id}', { ...options, params: { path: { id: args.id } } });
}

/** Replace an unsubscribe group: `PUT /v1/unsubscribe-groups/{id}`, answering 200 with `Schemas['ReplaceUnsubscribeGroupResponseBody']`. */
export async function replaceUnsubscribeGroup(client: EmailDeliveryClient, args: { id: string; body?: Schemas['ReplaceUnsubscribeGroupRequestBody'] }, options: CallOptions = {}): OperationResult<'replaceUnsubscribeGroup'> {
  checkCall('replaceUnsubscribeGroup', ["id", "body"], client, args, options);
  return client.PUT('/v1/unsubscribe-groups/{id}', { ...options, params: { path: { id: args.id } }, body: args.body });
}

/** Delete an unsubscribe group: `DELETE /v1/unsubscribe-groups/{id}`, answering 200 with `Schemas['DeleteUnsubscribeGroupResponseBody']`. */
export async function deleteUnsubscribeGroup(client: EmailDeliveryClient, args: { id: string }, options: CallOptions = {}): OperationResult<'deleteUnsubscribeGroup'> {
  checkCall('deleteUnsubscribeGroup', ["id"], client, args, options);
  return client.DELETE('/v1/unsubscribe-groups/{id}', { ...options, params: { path: { id: args.id } } });
}

/** Get an inbound webhook: `GET /v1/inbound-webhooks/{id}`, answering 200 with `Schemas['GetInboundWebhookResponseBody']`. */
export async function getInboundWebhook(client: EmailDeliveryClient, args: { id: string }, options: CallOptions = {}): OperationResult<'getInboundWebhook'> {
  checkCall('getInboundWebhook', ["id"], client, args, options);
  return client.GET('/v1/inbound-webhooks/{id}', { ...options, params: { path: { id: args.id } } });
}

/** Get an accessibility test result: `GET /v1/email-testing/accessibility/{id}`, answering 200 with `Schemas['GetAccessibilityResultResponseBody']`. */
export async function getAccessibilityResult(client: EmailDeliveryClient, args: { id: string }, options: CallOptions = {}): OperationResult<'getAccessibilityResult'> {
  checkCall('getAccessibilityResult', ["id"], client, args, options);
  return client.GET('/v1/email-testing/accessibility/{id}', { ...options, params: { path: { id: args.id } } });
}

/** Get the link validation: `GET /v1/email-testing/link-validation`, answering 200 with `Schemas['GetLinkValidationResponseBody']`. */
export async function getLinkValidation(client: EmailDeliveryClient, options: CallOptions = {}): OperationResult<'getLinkValidation'> {
  checkCall('getLinkValidation', undefined, client, undefined, options);
  return client.GET('/v1/email-testing/link-validation', { ...options });
}

/** List subaccount engagement scores: `GET /v1/engagement/subaccount-scores`, answering 200 with `Schemas['ListSubaccountEngagementScoresResponseBody']`. */
export async function listSubaccountEngagementScores(client: EmailDeliveryClient, options: CallOptions = {}): OperationResult<'listSubaccountEngagementScores'> {
  checkCall('listSubaccountEngagementScores', undefined, client, undefined, options);
  return client.GET('/v1/engagement/subaccount-scores', { ...options });
}

/** Delete a verified sender: `DELETE /v2/verified-senders/{id}`, answering 200 with `Schemas['DeleteVerifiedSenderResponseBody']`. */
export async function deleteVerifiedSender(client: EmailDeliveryClient, args: { id: string }, options: CallOptions = {}): OperationResult<'deleteVerifiedSender'> {
  checkCall('deleteVerifiedSender', ["id"], client, args, options);
  return client.DELETE('/v2/verified-senders/{id}', { ...options, params: { path: { id: args.id } } });
}

/** Export contacts by filter: `POST /v2/contacts/export/filter`, answering 200 with `Schemas['ExportContactsResponseBody']`. */
export async function exportContacts(client: EmailDeliveryClient, options: CallOptions = {}): OperationResult<'exportContacts'> {
  checkCall('exportContacts', undefined, client, undefined, options);
  return client.POST('/v2/contacts/export/filter', { ...options });
}

/** Send a batch: `POST /v1/batches/{id}/send`, answering 201 with `Schemas['SendBatchResponseBody']`. */
export async function sendBatch(client: EmailDeliveryClient, args: { id: string; body?: Schemas['SendBatchRequestBody'] }, options: CallOptions = {}): OperationResult<'sendBatch'> {
  checkCall('sendBatch', ["id", "body"], client, args, options);
  return client.POST('/v1/batches/{id}/send', { ...options, params: { path: { id: args.id } }, body: args.body });
}

/** Replace a link branding: `PUT /v1/link-branding/{id}`, answering 200 with `Schemas['ReplaceLinkBrandingResponseBody']`. */
export async function replaceLinkBranding(client: EmailDeliveryClient, args: { id: string; body?: Schemas['ReplaceLinkBrandingRequestBody'] }, options: CallOptions = {}): OperationResult<'replaceLinkBranding'> {
  checkCall('replaceLinkBranding', ["id", "body"], client, args, options);
  return client.PUT('/v1/link-branding/{id}', { ...options, params: { path: { id: args.id } }, body: args.body });
}

/** List delay-reason metrics: `GET /v1/metrics/delay-reasons`, answering 200 with `Schemas['ListDelayReasonMetricsResponseBody']`. */
export async function listDelayReasonMetrics(client: EmailDeliveryClient, options: CallOptions = {}): OperationResult<'listDelayReasonMetrics'> {
  checkCall('listDelayReasonMetrics', undefined, client, undefined, options);
  return client.GET('/v1/metrics/delay-reasons', { ...options });
}

/** Get an integration: `GET /v1/integrations/{id}`, answering 200 with `Schemas['GetIntegrationResponseBody']`. */
export async function getIntegration(client: EmailDeliveryClient, args: { id: string }, options: CallOptions = {}): OperationResult<'getIntegration'> {
  checkCall('getIntegration', ["id"], client, args, options);
  return client.GET('/v1/integrations/{id}', { ...options, params: { path: { id: args.id } } });
}

/** Get the footer mail setting: `GET /v1/mail-settings/footer`, answering 200 with `Schemas['GetFooterSettingResponseBody']`. */
export async function getFooterSetting(client: EmailDeliveryClient, options: CallOptions = {}): OperationResult<'getFooterSetting'> {
  checkCall('getFooterSetting', undefined, client, undefined, options);
  return client.GET('/v1/mail-settings/footer', { ...options });
}

/** Delete a message: `DELETE /v1/messages/{id}`, answering 200 with `Schemas['DeleteMessageResponseBody']`. */
export async function deleteMessage(client: EmailDeliveryClient, args: { id: string }, options: CallOptions = {}): OperationResult<'deleteMessage'> {
  checkCall('deleteMessage', ["id"], client, args, options);
  return client.DELETE('/v1/messages/{id}', { ...options, params: { path: { id: args.id } } });
}

/** Get message status: `GET /v1/messages/status`, answering 200 with `Schemas['GetMessageStatusResponseBody']`. */
export async function getMessageStatus(client: EmailDeliveryClient, args: { query?: Record<string, string> } = {}, options: CallOptions = {}): OperationResult<'getMessageStatus'> {
  checkCall('getMessageStatus', ["query"], client, args, options);
  return client.GET('/v1/messages/status', { ...options, params: { query: { pairs: args.query } } });
}

/** Update the user password: `PATCH /v1/user/password`, answering 200 with `Schemas['UpdateUserPasswordResponseBody']`. */
export async function updateUserPassword(client: EmailDeliveryClient, args: { body: Schemas['UpdateUserPasswordRequestBody'] }, options: CallOptions = {}): OperationResult<'updateUserPassword'> {
  checkCall('updateUserPassword', ["body"], client, args, options);
  return client.PATCH('/v1/user/password', { ...options, body: args.body });
}

/** Get the reputation score: `GET /v1/reputation/score`, answering 200 with `Schemas['GetReputationScoreResponseBody']`. */
export async function getReputationScore(client: EmailDeliveryClient, options: CallOptions = {}): OperationResult<'getReputationScore'> {
  checkCall('getReputationScore', undefined, client, undefined, options);
  return client.GET('/v1/reputation/score', { ...options });
}

/** Delete integrations: `DELETE /v1/integrations`, answering 200 with `Schemas['DeleteIntegrationsResponseBody']`. */
export async function deleteIntegrations(client: EmailDeliveryClient, options: CallOptions = {}): OperationResult<'deleteIntegrations'> {
  checkCall('deleteIntegrations', undefined, client, undefined, options);
  return client.DELETE('/v1/integrations', { ...options });
}

/** Get mail settings: `GET /v1/mail-settings`, answering 200 with `Schemas['GetMailSettingsResponseBody']`. */
export async function getMailSettings(client: EmailDeliveryClient, options: CallOptions = {}): OperationResult<'getMailSettings'> {
  checkCall('getMailSettings', undefined, client, undefined, options);
  return client.GET('/v1/mail-settings', { ...options });
}

/** List custom fields: `GET /v1/custom-fields`, answering 200 with `Schemas['ListCustomFieldsResponseBody']`. */
export async function listCustomFields(client: EmailDeliveryClient, options: CallOptions = {}): OperationResult<'listCustomFields'> {
  checkCall('listCustomFields', undefined, client, undefined, options);
  return client.GET('/v1/custom-fields', { ...options });
}

/** Get the enforced TLS setting: `GET /v1/enforced-tls`, answering 200 with `Schemas['GetEnforcedTlsSettingResponseBody']`. */
export async function getEnforcedTlsSetting(client: EmailDeliveryClient, options: CallOptions = {}): OperationResult<'getEnforcedTlsSetting'> {
  checkCall('getEnforcedTlsSetting', undefined, client, undefined, options);
  return client.GET('/v1/enforced-tls', { ...options });
}

/** Delete a webhook: `DELETE /v1/webhooks/{id}`, answering 200 with `Schemas['DeleteWebhookResponseBody']`. */
export async function deleteWebhook(client: EmailDeliveryClient, args: { id: string }, options: CallOptions = {}): OperationResult<'deleteWebhook'> {
  checkCall('deleteWebhook', ["id"], client, args, options);
  return client.DELETE('/v1/webhooks/{id}', { ...options, params: { path: { id: args.id } } });
}

/** List webhooks: `GET /v1/webhooks`, answering 200 with `Schemas['ListWebhooksResponseBody']`. */
export async function listWebhooks(client: EmailDeliveryClient, options: CallOptions = {}): OperationResult<'listWebhooks'> {
  checkCall('listWebhooks', undefined, client, undefined, options);
  return client.GET('/v1/webhooks', { ...options });
}

/** Get quota history: `GET /v1/quotas/history`, answering 200 with `Schemas['GetQuotaHistoryResponseBody']`. */
export async function getQuotaHistory(client: EmailDeliveryClient, options: CallOptions = {}): OperationResult<'getQuotaHistory'> {
  checkCall('getQuotaHistory', undefined, client, undefined, options);
  return client.GET('/v1/quotas/history', { ...options });
}

/** List quotas: `GET /v1/quotas`, answering 200 with `Schemas['ListQuotasResponseBody']`. */
export async function listQuotas(client: EmailDeliveryClient, options: CallOptions = {}): OperationResult<'listQuotas'> {
  checkCall('listQuotas', undefined, client, undefined, options);
  return client.GET('/v1/quotas', { ...options });
}
