// Typed client of the Email Delivery Service API (openapi-fetch).
// Generated from generated/openapi.json by `npm run build`. Do not edit: change openapi/ and rebuild.
import createClient from 'openapi-fetch';
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
function operationName(method, schemaPath) {
    return operationIds[`${method} ${schemaPath}`] ?? `${method} ${schemaPath}`;
}
/** A path parameter that cannot travel as one URL segment: empty, `.` or `..`. No request was sent. */
export class UnsafePathParameterError extends Error {
    name = 'UnsafePathParameterError';
    operation;
    parameter;
    value;
    constructor(operation, parameter, value) {
        super(`${operation}: path parameter '${parameter}' is ${JSON.stringify(value)}, which cannot be sent as one path segment (an empty, "." or ".." segment would address another resource); no request was sent`);
        this.operation = operation;
        this.parameter = parameter;
        this.value = value;
    }
}
/** A success response whose body is not JSON, although the description declares application/json. */
export class ResponseBodyError extends Error {
    name = 'ResponseBodyError';
    operation;
    detail;
    /** The response, where the body was read before openapi-fetch parsed it. */
    response;
    constructor(operation, detail, response) {
        super(`${operation}: the success response body is not JSON: ${detail}`);
        this.operation = operation;
        this.detail = detail;
        this.response = response;
    }
}
/**
 * Serializes query parameters as the description declares them: a form-exploded object
 * (the open request parameters) becomes one plain `name=value` pair per property; names and
 * values are percent-encoded (RFC 3986), arrays repeat the name.
 */
export function serializeQuery(query) {
    const pairs = [];
    const add = (name, value) => {
        if (value !== undefined && value !== null)
            pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
    };
    for (const [name, value] of Object.entries(query)) {
        if (Array.isArray(value))
            value.forEach((item) => add(name, item));
        else if (typeof value === 'object' && value !== null)
            Object.entries(value).forEach(([key, item]) => add(key, item));
        else
            add(name, value);
    }
    return pairs.join('&');
}
const pathParameterNames = new Map();
/** Refuses, before anything is sent, a path parameter the URL parser would turn into another path. */
const pathSafety = {
    onRequest({ request, schemaPath, params }) {
        let names = pathParameterNames.get(schemaPath);
        if (!names)
            pathParameterNames.set(schemaPath, (names = [...schemaPath.matchAll(/\{([^}]+)\}/g)].map((match) => match[1])));
        if (names.length === 0)
            return;
        const path = (params.path ?? {});
        for (const name of names) {
            const value = path[name];
            if (typeof value !== 'string' || value === '' || value === '.' || value === '..') {
                throw new UnsafePathParameterError(operationName(request.method, schemaPath), name, value);
            }
        }
    },
};
/**
 * A success body whose content type is not JSON is read here: not JSON, it becomes a
 * {@link ResponseBodyError}. A body labelled JSON goes to openapi-fetch untouched (no second read);
 * if it does not parse, {@link guardJson} turns the SyntaxError into a ResponseBodyError.
 */
const jsonBodies = {
    async onResponse({ request, response, schemaPath }) {
        if (!response.ok || response.status === 204 || response.body === null)
            return undefined;
        const type = response.headers.get('content-type') ?? '';
        if (/[/+]json\b/i.test(type))
            return undefined;
        const text = await response.text();
        if (text !== '') {
            try {
                JSON.parse(text);
            }
            catch {
                throw new ResponseBodyError(operationName(request.method, schemaPath), `the ${response.status} response (content-type: ${type || 'none'}) reads ${JSON.stringify(text.slice(0, 200))}`, response);
            }
        }
        return new Response(text === '' ? null : text, { status: response.status, statusText: response.statusText, headers: response.headers });
    },
};
const methods = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'];
/** Makes a JSON body that does not parse reject with a ResponseBodyError naming the operation. */
function guardJson(client) {
    const explain = (method, path) => (error) => {
        throw error instanceof SyntaxError ? new ResponseBodyError(operationName(method, path), `it does not parse (${error.message})`) : error;
    };
    const guarded = { ...client };
    for (const method of methods) {
        const call = client[method];
        guarded[method] = (path, ...rest) => call(path, ...rest).catch(explain(method, path));
    }
    const request = client.request;
    guarded.request = (method, path, ...rest) => request(method, path, ...rest).catch(explain(method.toUpperCase(), path));
    return guarded;
}
/**
 * Creates a client. Call operations by path (`client.GET('/v1/webhooks')`) or by name
 * (`listWebhooks(client)`). Non-2xx responses come back as `error`; a network failure or an
 * abort rejects with its cause.
 */
export function createEmailDeliveryClient(options = {}) {
    const client = createClient({
        baseUrl: options.baseUrl ?? defaultBaseUrl,
        headers: options.headers,
        fetch: options.fetch,
        querySerializer: serializeQuery,
    });
    client.use(pathSafety, jsonBodies, ...(options.middleware ?? []));
    return guardJson(client);
}
/** List scopes: `GET /v1/scopes`, answering 200 with `Schemas['ListScopesResponse']`. */
export function listScopes(client, options = {}) {
    return client.GET('/v1/scopes', { ...options });
}
/** Get the API key: `GET /v1/api-key`, answering 200 with `Schemas['GetApiKeyResponse']`. */
export function getApiKey(client, args = {}, options = {}) {
    return client.GET('/v1/api-key', { ...options, params: { query: { params: args.query } } });
}
/** List unsubscribe groups: `GET /v1/unsubscribe-groups`, answering 200 with `Schemas['ListUnsubscribeGroupsResponse']`. */
export function listUnsubscribeGroups(client, options = {}) {
    return client.GET('/v1/unsubscribe-groups', { ...options });
}
/** Get an unsubscribe group: `GET /v1/unsubscribe-groups/{id}`, answering 200 with `Schemas['GetUnsubscribeGroupResponse']`. */
export function getUnsubscribeGroup(client, args, options = {}) {
    return client.GET('/v1/unsubscribe-groups/{id}', { ...options, params: { path: { id: args.id } } });
}
/** Replace an unsubscribe group: `PUT /v1/unsubscribe-groups/{id}`, answering 200 with `Schemas['ReplaceUnsubscribeGroupResponse']`. */
export function replaceUnsubscribeGroup(client, args, options = {}) {
    return client.PUT('/v1/unsubscribe-groups/{id}', { ...options, params: { path: { id: args.id } }, body: args.body });
}
/** Delete an unsubscribe group: `DELETE /v1/unsubscribe-groups/{id}`, answering 200 with `Schemas['DeleteUnsubscribeGroupResponse']`. */
export function deleteUnsubscribeGroup(client, args, options = {}) {
    return client.DELETE('/v1/unsubscribe-groups/{id}', { ...options, params: { path: { id: args.id } } });
}
/** Get an inbound webhook: `GET /v1/inbound-webhooks/{id}`, answering 200 with `Schemas['GetInboundWebhookResponse']`. */
export function getInboundWebhook(client, args, options = {}) {
    return client.GET('/v1/inbound-webhooks/{id}', { ...options, params: { path: { id: args.id } } });
}
/** Get an accessibility test result: `GET /v1/email-testing/accessibility/{id}`, answering 200 with `Schemas['GetAccessibilityResultResponse']`. */
export function getAccessibilityResult(client, args, options = {}) {
    return client.GET('/v1/email-testing/accessibility/{id}', { ...options, params: { path: { id: args.id } } });
}
/** Get the link validation: `GET /v1/email-testing/link-validation`, answering 200 with `Schemas['GetLinkValidationResponse']`. */
export function getLinkValidation(client, options = {}) {
    return client.GET('/v1/email-testing/link-validation', { ...options });
}
/** List subaccount engagement scores: `GET /v1/engagement/subaccount-scores`, answering 200 with `Schemas['ListSubaccountEngagementScoresResponse']`. */
export function listSubaccountEngagementScores(client, options = {}) {
    return client.GET('/v1/engagement/subaccount-scores', { ...options });
}
/** Delete a verified sender: `DELETE /v2/verified-senders/{id}`, answering 200 with `Schemas['DeleteVerifiedSenderResponse']`. */
export function deleteVerifiedSender(client, args, options = {}) {
    return client.DELETE('/v2/verified-senders/{id}', { ...options, params: { path: { id: args.id } } });
}
/** Export contacts by filter: `POST /v2/contacts/export/filter`, answering 200 with `Schemas['ExportContactsResponse']`. */
export function exportContacts(client, options = {}) {
    return client.POST('/v2/contacts/export/filter', { ...options });
}
/** Send a batch: `POST /v1/batches/{id}/send`, answering 201 with `Schemas['SendBatchResponse']`. */
export function sendBatch(client, args, options = {}) {
    return client.POST('/v1/batches/{id}/send', { ...options, params: { path: { id: args.id } }, body: args.body });
}
/** Replace a link branding: `PUT /v1/link-branding/{id}`, answering 200 with `Schemas['ReplaceLinkBrandingResponse']`. */
export function replaceLinkBranding(client, args, options = {}) {
    return client.PUT('/v1/link-branding/{id}', { ...options, params: { path: { id: args.id } }, body: args.body });
}
/** List delay-reason metrics: `GET /v1/metrics/delay-reasons`, answering 200 with `Schemas['ListDelayReasonMetricsResponse']`. */
export function listDelayReasonMetrics(client, options = {}) {
    return client.GET('/v1/metrics/delay-reasons', { ...options });
}
/** Get an integration: `GET /v1/integrations/{id}`, answering 200 with `Schemas['GetIntegrationResponse']`. */
export function getIntegration(client, args, options = {}) {
    return client.GET('/v1/integrations/{id}', { ...options, params: { path: { id: args.id } } });
}
/** Get the footer mail setting: `GET /v1/mail-settings/footer`, answering 200 with `Schemas['GetFooterSettingResponse']`. */
export function getFooterSetting(client, options = {}) {
    return client.GET('/v1/mail-settings/footer', { ...options });
}
/** Delete a message: `DELETE /v1/messages/{id}`, answering 200 with `Schemas['DeleteMessageResponse']`. */
export function deleteMessage(client, args, options = {}) {
    return client.DELETE('/v1/messages/{id}', { ...options, params: { path: { id: args.id } } });
}
/** Get message status: `GET /v1/messages/status`, answering 200 with `Schemas['GetMessageStatusResponse']`. */
export function getMessageStatus(client, args = {}, options = {}) {
    return client.GET('/v1/messages/status', { ...options, params: { query: { params: args.query } } });
}
/** Update the user password: `PATCH /v1/user/password`, answering 200 with `Schemas['UpdateUserPasswordResponse']`. */
export function updateUserPassword(client, args, options = {}) {
    return client.PATCH('/v1/user/password', { ...options, body: args.body });
}
/** Get the reputation score: `GET /v1/reputation/score`, answering 200 with `Schemas['GetReputationScoreResponse']`. */
export function getReputationScore(client, options = {}) {
    return client.GET('/v1/reputation/score', { ...options });
}
/** Delete integrations: `DELETE /v1/integrations`, answering 200 with `Schemas['DeleteIntegrationsResponse']`. */
export function deleteIntegrations(client, options = {}) {
    return client.DELETE('/v1/integrations', { ...options });
}
/** Get mail settings: `GET /v1/mail-settings`, answering 200 with `Schemas['GetMailSettingsResponse']`. */
export function getMailSettings(client, options = {}) {
    return client.GET('/v1/mail-settings', { ...options });
}
/** List custom fields: `GET /v1/custom-fields`, answering 200 with `Schemas['ListCustomFieldsResponse']`. */
export function listCustomFields(client, options = {}) {
    return client.GET('/v1/custom-fields', { ...options });
}
/** Get the enforced TLS setting: `GET /v1/enforced-tls`, answering 200 with `Schemas['GetEnforcedTlsSettingResponse']`. */
export function getEnforcedTlsSetting(client, options = {}) {
    return client.GET('/v1/enforced-tls', { ...options });
}
/** Delete a webhook: `DELETE /v1/webhooks/{id}`, answering 200 with `Schemas['DeleteWebhookResponse']`. */
export function deleteWebhook(client, args, options = {}) {
    return client.DELETE('/v1/webhooks/{id}', { ...options, params: { path: { id: args.id } } });
}
/** List webhooks: `GET /v1/webhooks`, answering 200 with `Schemas['ListWebhooksResponse']`. */
export function listWebhooks(client, options = {}) {
    return client.GET('/v1/webhooks', { ...options });
}
/** Get quota history: `GET /v1/quotas/history`, answering 200 with `Schemas['GetQuotaHistoryResponse']`. */
export function getQuotaHistory(client, options = {}) {
    return client.GET('/v1/quotas/history', { ...options });
}
/** List quotas: `GET /v1/quotas`, answering 200 with `Schemas['ListQuotasResponse']`. */
export function listQuotas(client, options = {}) {
    return client.GET('/v1/quotas', { ...options });
}
