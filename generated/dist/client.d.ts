import type { Client, FetchResponse } from 'openapi-fetch';
import { type CallOptions, type EmailDeliveryClientOptions, type ParameterStyle } from './client-runtime.js';
import type { components, operations, paths } from './schema.js';
export { CookieParameterError, CrossOriginRedirectError, defaultMaxResponseBytes, defaultMaxRetries, defaultTimeoutMs, MissingArgumentError, RedirectRefusedError, ResponseBodyError, ResponseTooLargeError, serializeQuery, UnknownArgumentError, UnsafePathParameterError, } from './client-runtime.js';
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
export declare const descriptionVersion = "1.5.1";
/** The version of the package this client ships in. */
export declare const packageVersion = "1.5.1";
/** The `{base_url}` server variable's default: the local mock server (`npm run mock`). */
export declare const defaultBaseUrl = "http://127.0.0.1:4010";
/** Every operation, keyed by `METHOD /path/template`. */
export declare const operationIds: {
    readonly 'GET /v1/scopes': "listScopes";
    readonly 'GET /v1/api-key': "getApiKey";
    readonly 'GET /v1/unsubscribe-groups': "listUnsubscribeGroups";
    readonly 'GET /v1/unsubscribe-groups/{id}': "getUnsubscribeGroup";
    readonly 'PUT /v1/unsubscribe-groups/{id}': "replaceUnsubscribeGroup";
    readonly 'DELETE /v1/unsubscribe-groups/{id}': "deleteUnsubscribeGroup";
    readonly 'GET /v1/inbound-webhooks/{id}': "getInboundWebhook";
    readonly 'GET /v1/email-testing/accessibility/{id}': "getAccessibilityResult";
    readonly 'GET /v1/email-testing/link-validation': "getLinkValidation";
    readonly 'GET /v1/engagement/subaccount-scores': "listSubaccountEngagementScores";
    readonly 'DELETE /v2/verified-senders/{id}': "deleteVerifiedSender";
    readonly 'POST /v2/contacts/export/filter': "exportContacts";
    readonly 'POST /v1/batches/{id}/send': "sendBatch";
    readonly 'PUT /v1/link-branding/{id}': "replaceLinkBranding";
    readonly 'GET /v1/metrics/delay-reasons': "listDelayReasonMetrics";
    readonly 'GET /v1/integrations/{id}': "getIntegration";
    readonly 'GET /v1/mail-settings/footer': "getFooterSetting";
    readonly 'DELETE /v1/messages/{id}': "deleteMessage";
    readonly 'GET /v1/messages/status': "getMessageStatus";
    readonly 'PATCH /v1/user/password': "updateUserPassword";
    readonly 'GET /v1/reputation/score': "getReputationScore";
    readonly 'DELETE /v1/integrations': "deleteIntegrations";
    readonly 'GET /v1/mail-settings': "getMailSettings";
    readonly 'GET /v1/custom-fields': "listCustomFields";
    readonly 'GET /v1/enforced-tls': "getEnforcedTlsSetting";
    readonly 'DELETE /v1/webhooks/{id}': "deleteWebhook";
    readonly 'GET /v1/webhooks': "listWebhooks";
    readonly 'GET /v1/quotas/history': "getQuotaHistory";
    readonly 'GET /v1/quotas': "listQuotas";
};
export type OperationId = (typeof operationIds)[keyof typeof operationIds];
/** How each operation's query, header and cookie parameters travel (style and explode), keyed by `METHOD /path/template`. */
export declare const parameterStyles: Readonly<Record<string, readonly ParameterStyle[]>>;
/**
 * Creates a client. Call operations by path (`client.GET('/v1/webhooks')`) or by name
 * (`listWebhooks(client)`). Non-2xx responses come back as `error`; a network failure or an
 * abort rejects with its cause.
 */
export declare function createEmailDeliveryClient(options?: EmailDeliveryClientOptions): EmailDeliveryClient;
/** List scopes: `GET /v1/scopes`, answering 200 with `Schemas['ListScopesResponseBody']`. */
export declare function listScopes(client: EmailDeliveryClient, options?: CallOptions): OperationResult<'listScopes'>;
/** Get the API key: `GET /v1/api-key`, answering 200 with `Schemas['GetApiKeyResponseBody']`. */
export declare function getApiKey(client: EmailDeliveryClient, args?: {
    query?: Record<string, string>;
}, options?: CallOptions): OperationResult<'getApiKey'>;
/** List unsubscribe groups: `GET /v1/unsubscribe-groups`, answering 200 with `Schemas['ListUnsubscribeGroupsResponseBody']`. */
export declare function listUnsubscribeGroups(client: EmailDeliveryClient, options?: CallOptions): OperationResult<'listUnsubscribeGroups'>;
/** Get an unsubscribe group: `GET /v1/unsubscribe-groups/{id}`, answering 200 with `Schemas['GetUnsubscribeGroupResponseBody']`. */
export declare function getUnsubscribeGroup(client: EmailDeliveryClient, args: {
    id: string;
}, options?: CallOptions): OperationResult<'getUnsubscribeGroup'>;
/** Replace an unsubscribe group: `PUT /v1/unsubscribe-groups/{id}`, answering 200 with `Schemas['ReplaceUnsubscribeGroupResponseBody']`. */
export declare function replaceUnsubscribeGroup(client: EmailDeliveryClient, args: {
    id: string;
    body?: Schemas['ReplaceUnsubscribeGroupRequestBody'];
}, options?: CallOptions): OperationResult<'replaceUnsubscribeGroup'>;
/** Delete an unsubscribe group: `DELETE /v1/unsubscribe-groups/{id}`, answering 200 with `Schemas['DeleteUnsubscribeGroupResponseBody']`. */
export declare function deleteUnsubscribeGroup(client: EmailDeliveryClient, args: {
    id: string;
}, options?: CallOptions): OperationResult<'deleteUnsubscribeGroup'>;
/** Get an inbound webhook: `GET /v1/inbound-webhooks/{id}`, answering 200 with `Schemas['GetInboundWebhookResponseBody']`. */
export declare function getInboundWebhook(client: EmailDeliveryClient, args: {
    id: string;
}, options?: CallOptions): OperationResult<'getInboundWebhook'>;
/** Get an accessibility test result: `GET /v1/email-testing/accessibility/{id}`, answering 200 with `Schemas['GetAccessibilityResultResponseBody']`. */
export declare function getAccessibilityResult(client: EmailDeliveryClient, args: {
    id: string;
}, options?: CallOptions): OperationResult<'getAccessibilityResult'>;
/** Get the link validation: `GET /v1/email-testing/link-validation`, answering 200 with `Schemas['GetLinkValidationResponseBody']`. */
export declare function getLinkValidation(client: EmailDeliveryClient, options?: CallOptions): OperationResult<'getLinkValidation'>;
/** List subaccount engagement scores: `GET /v1/engagement/subaccount-scores`, answering 200 with `Schemas['ListSubaccountEngagementScoresResponseBody']`. */
export declare function listSubaccountEngagementScores(client: EmailDeliveryClient, options?: CallOptions): OperationResult<'listSubaccountEngagementScores'>;
/** Delete a verified sender: `DELETE /v2/verified-senders/{id}`, answering 200 with `Schemas['DeleteVerifiedSenderResponseBody']`. */
export declare function deleteVerifiedSender(client: EmailDeliveryClient, args: {
    id: string;
}, options?: CallOptions): OperationResult<'deleteVerifiedSender'>;
/** Export contacts by filter: `POST /v2/contacts/export/filter`, answering 200 with `Schemas['ExportContactsResponseBody']`. */
export declare function exportContacts(client: EmailDeliveryClient, options?: CallOptions): OperationResult<'exportContacts'>;
/** Send a batch: `POST /v1/batches/{id}/send`, answering 201 with `Schemas['SendBatchResponseBody']`. */
export declare function sendBatch(client: EmailDeliveryClient, args: {
    id: string;
    body?: Schemas['SendBatchRequestBody'];
}, options?: CallOptions): OperationResult<'sendBatch'>;
/** Replace a link branding: `PUT /v1/link-branding/{id}`, answering 200 with `Schemas['ReplaceLinkBrandingResponseBody']`. */
export declare function replaceLinkBranding(client: EmailDeliveryClient, args: {
    id: string;
    body?: Schemas['ReplaceLinkBrandingRequestBody'];
}, options?: CallOptions): OperationResult<'replaceLinkBranding'>;
/** List delay-reason metrics: `GET /v1/metrics/delay-reasons`, answering 200 with `Schemas['ListDelayReasonMetricsResponseBody']`. */
export declare function listDelayReasonMetrics(client: EmailDeliveryClient, options?: CallOptions): OperationResult<'listDelayReasonMetrics'>;
/** Get an integration: `GET /v1/integrations/{id}`, answering 200 with `Schemas['GetIntegrationResponseBody']`. */
export declare function getIntegration(client: EmailDeliveryClient, args: {
    id: string;
}, options?: CallOptions): OperationResult<'getIntegration'>;
/** Get the footer mail setting: `GET /v1/mail-settings/footer`, answering 200 with `Schemas['GetFooterSettingResponseBody']`. */
export declare function getFooterSetting(client: EmailDeliveryClient, options?: CallOptions): OperationResult<'getFooterSetting'>;
/** Delete a message: `DELETE /v1/messages/{id}`, answering 200 with `Schemas['DeleteMessageResponseBody']`. */
export declare function deleteMessage(client: EmailDeliveryClient, args: {
    id: string;
}, options?: CallOptions): OperationResult<'deleteMessage'>;
/** Get message status: `GET /v1/messages/status`, answering 200 with `Schemas['GetMessageStatusResponseBody']`. */
export declare function getMessageStatus(client: EmailDeliveryClient, args?: {
    query?: Record<string, string>;
}, options?: CallOptions): OperationResult<'getMessageStatus'>;
/** Update the user password: `PATCH /v1/user/password`, answering 200 with `Schemas['UpdateUserPasswordResponseBody']`. */
export declare function updateUserPassword(client: EmailDeliveryClient, args: {
    body: Schemas['UpdateUserPasswordRequestBody'];
}, options?: CallOptions): OperationResult<'updateUserPassword'>;
/** Get the reputation score: `GET /v1/reputation/score`, answering 200 with `Schemas['GetReputationScoreResponseBody']`. */
export declare function getReputationScore(client: EmailDeliveryClient, options?: CallOptions): OperationResult<'getReputationScore'>;
/** Delete integrations: `DELETE /v1/integrations`, answering 200 with `Schemas['DeleteIntegrationsResponseBody']`. */
export declare function deleteIntegrations(client: EmailDeliveryClient, options?: CallOptions): OperationResult<'deleteIntegrations'>;
/** Get mail settings: `GET /v1/mail-settings`, answering 200 with `Schemas['GetMailSettingsResponseBody']`. */
export declare function getMailSettings(client: EmailDeliveryClient, options?: CallOptions): OperationResult<'getMailSettings'>;
/** List custom fields: `GET /v1/custom-fields`, answering 200 with `Schemas['ListCustomFieldsResponseBody']`. */
export declare function listCustomFields(client: EmailDeliveryClient, options?: CallOptions): OperationResult<'listCustomFields'>;
/** Get the enforced TLS setting: `GET /v1/enforced-tls`, answering 200 with `Schemas['GetEnforcedTlsSettingResponseBody']`. */
export declare function getEnforcedTlsSetting(client: EmailDeliveryClient, options?: CallOptions): OperationResult<'getEnforcedTlsSetting'>;
/** Delete a webhook: `DELETE /v1/webhooks/{id}`, answering 200 with `Schemas['DeleteWebhookResponseBody']`. */
export declare function deleteWebhook(client: EmailDeliveryClient, args: {
    id: string;
}, options?: CallOptions): OperationResult<'deleteWebhook'>;
/** List webhooks: `GET /v1/webhooks`, answering 200 with `Schemas['ListWebhooksResponseBody']`. */
export declare function listWebhooks(client: EmailDeliveryClient, options?: CallOptions): OperationResult<'listWebhooks'>;
/** Get quota history: `GET /v1/quotas/history`, answering 200 with `Schemas['GetQuotaHistoryResponseBody']`. */
export declare function getQuotaHistory(client: EmailDeliveryClient, options?: CallOptions): OperationResult<'getQuotaHistory'>;
/** List quotas: `GET /v1/quotas`, answering 200 with `Schemas['ListQuotasResponseBody']`. */
export declare function listQuotas(client: EmailDeliveryClient, options?: CallOptions): OperationResult<'listQuotas'>;
